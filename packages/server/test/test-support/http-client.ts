import { TEST_ADMIN_TOKEN, STRONG_PASSWORD } from './test-app.js';
import { buildZip, multipartBody } from './jobs.js';

/** The JSON bodies the process tests read, loosely: they check fields one by one. */
export interface Body {
  [field: string]: unknown;
}

/** A real HTTP client of a running server (fetch), with the calls the process tests share. */
export function httpClient(baseUrl: () => string, adminToken = TEST_ADMIN_TOKEN) {
  async function call(path: string, init: RequestInit & { token?: string } = {}) {
    const headers = new Headers(init.headers);
    if (init.token) headers.set('authorization', `Bearer ${init.token}`);
    if (typeof init.body === 'string') headers.set('content-type', 'application/json');
    const res = await fetch(`${baseUrl()}${path}`, { ...init, headers });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as Body) : ({} as Body) };
  }
  const admin = (path: string, body?: unknown) =>
    call(path, {
      method: body ? 'POST' : 'GET',
      token: adminToken,
      ...(body ? { body: JSON.stringify(body) } : {}),
    });

  /** Registers, verifies through the outbox, and moves the account to `plan`; its access token. */
  async function signUp(email: string, plan = 'pro'): Promise<string> {
    const registered = await call('/auth/register', {
      method: 'POST',
      body: JSON.stringify({ email, password: STRONG_PASSWORD }),
    });
    if (registered.status !== 201) throw new Error(`register: ${JSON.stringify(registered)}`);
    const outbox = await admin(`/admin/outbox?to=${encodeURIComponent(email)}`);
    const messages = outbox.body.messages as Array<{ text: string }>;
    const code = /\b(\d{6})\b/.exec(messages[0]?.text ?? '')?.[1];
    const verified = await call('/auth/verify', {
      method: 'POST',
      body: JSON.stringify({ email, verification_code: code }),
    });
    if (verified.status !== 200) throw new Error(`verify: ${JSON.stringify(verified)}`);
    const changed = await admin(`/admin/users/${email}/plan`, { plan, billing_cycle: 'monthly' });
    if (changed.status !== 200) throw new Error(`plan: ${JSON.stringify(changed)}`);
    return verified.body.access_token as string;
  }

  /** Uploads `files` as a ZIP in one chunk and creates a job of all of them; its id. */
  async function createJob(
    token: string,
    files: Record<string, string>,
    uploadId = `up-${Math.random().toString(36).slice(2)}`,
  ): Promise<string> {
    const { body, contentType } = await multipartBody(
      { upload_id: uploadId, file_name: 'repo.zip', chunk_index: '0', total_chunks: '1' },
      { name: 'chunk', bytes: await buildZip(files) },
    );
    const chunk = await call('/api/jobs/chunk', {
      method: 'POST',
      body,
      headers: { 'content-type': contentType },
      token,
    });
    if (chunk.status !== 200) throw new Error(`chunk: ${JSON.stringify(chunk)}`);
    const created = await call('/api/jobs/assemble', {
      method: 'POST',
      token,
      body: JSON.stringify({
        upload_id: uploadId,
        file_name: 'repo.zip',
        total_chunks: 1,
        output_format: 'md',
        selected: Object.keys(files),
      }),
    });
    if (created.status !== 200) throw new Error(`assemble: ${JSON.stringify(created)}`);
    return created.body.job_id as string;
  }

  /** Polls the job until `until` holds for it, or fails after `timeoutMs`. */
  async function waitForJob(
    token: string,
    jobId: string,
    until: (job: Body) => boolean,
    timeoutMs = 120_000,
  ): Promise<Body> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const job = (await call(`/api/jobs/${jobId}`, { token })).body;
      if (until(job)) return job;
      if (Date.now() > deadline) throw new Error(`job ${jobId}: ${JSON.stringify(job)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  return { call, admin, signUp, createJob, waitForJob };
}

/** Enough varied text that processing takes a few seconds on two cores. */
export function sizeableRepository(fileCount = 1500): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < fileCount; i++) {
    const lines = Array.from(
      { length: 300 },
      (_, j) => `export const value_${i}_${j} = ${(i * 7919 + j * 104729) % 1000003}; // note ${j}`,
    );
    files[`src/module-${i}.ts`] = `${lines.join('\n')}\n`;
  }
  return files;
}

export const finished = (job: Body) => job.status === 'succeeded' || job.status === 'failed';
