import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildZip, multipartBody } from '../../test/test-support/jobs.js';
import { startServerProcess, type ServerProcess } from '../../test/test-support/server-process.js';
import {
  STRONG_PASSWORD,
  TEST_ADMIN_TOKEN,
  TEST_JWT_SECRET,
} from '../../test/test-support/test-app.js';

/**
 * A worker that dies mid-job must not leave the job stuck. The server runs as a real
 * process on the embedded database; it is killed with SIGKILL while the job is processing, and
 * a new process on the same data must finish the job and charge it exactly once.
 */
/** The JSON bodies this test reads, loosely: it checks fields one by one. */
interface Body {
  [field: string]: unknown;
  messages: Array<{ text: string }>;
  transactions: Array<{ type: string; amount: number }>;
}

describe('a worker killed mid-job', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'repobundle-crash-'));
  const env = {
    DATA_DIR: dataDir,
    JWT_SECRET: TEST_JWT_SECRET,
    ADMIN_TOKEN: TEST_ADMIN_TOKEN,
    AUTH_RATE_LIMIT: '10000',
    JOB_STALE_SECONDS: '2',
    SWEEP_INTERVAL_SECONDS: '1',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: join(dataDir, 'no-web'),
  };
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function call(path: string, init: RequestInit & { token?: string } = {}) {
    const headers = new Headers(init.headers);
    if (init.token) headers.set('authorization', `Bearer ${init.token}`);
    if (typeof init.body === 'string') headers.set('content-type', 'application/json');
    const res = await fetch(`${server!.url}${path}`, { ...init, headers });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as Body) : ({} as Body) };
  }
  const admin = (path: string, body?: unknown) =>
    call(path, {
      method: body ? 'POST' : 'GET',
      token: TEST_ADMIN_TOKEN,
      ...(body ? { body: JSON.stringify(body) } : {}),
    });

  it('is retried by the next process, finishes, and is charged once', async () => {
    server = await startServerProcess(env);
    const email = 'crash@example.com';
    expect(
      (
        await call('/auth/register', {
          method: 'POST',
          body: JSON.stringify({ email, password: STRONG_PASSWORD }),
        })
      ).status,
    ).toBe(201);
    const outbox = await admin(`/admin/outbox?to=${encodeURIComponent(email)}`);
    const code = /\b(\d{6})\b/.exec(outbox.body.messages[0]?.text ?? '')?.[1];
    const verified = await call('/auth/verify', {
      method: 'POST',
      body: JSON.stringify({ email, verification_code: code }),
    });
    const token = verified.body.access_token as string;
    expect(
      (await admin(`/admin/users/${email}/plan`, { plan: 'pro', billing_cycle: 'monthly' })).status,
    ).toBe(200);

    // Enough varied text that processing takes a few seconds on two cores.
    const files: Record<string, string> = {};
    for (let i = 0; i < 1500; i++) {
      const lines = Array.from(
        { length: 300 },
        (_, j) =>
          `export const value_${i}_${j} = ${(i * 7919 + j * 104729) % 1000003}; // note ${j}`,
      );
      files[`src/module-${i}.ts`] = `${lines.join('\n')}\n`;
    }
    const archive = await buildZip(files);
    const { body, contentType } = await multipartBody(
      { upload_id: 'crash', file_name: 'repo.zip', chunk_index: '0', total_chunks: '1' },
      { name: 'chunk', bytes: archive },
    );
    const chunk = await call('/api/jobs/chunk', {
      method: 'POST',
      body,
      headers: { 'content-type': contentType },
      token,
    });
    expect(chunk.status).toBe(200);
    const created = await call('/api/jobs/assemble', {
      method: 'POST',
      token,
      body: JSON.stringify({
        upload_id: 'crash',
        file_name: 'repo.zip',
        total_chunks: 1,
        output_format: 'md',
        selected: Object.keys(files),
      }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const jobId = created.body.job_id as string;

    for (;;) {
      const job = await call(`/api/jobs/${jobId}`, { token });
      expect(job.body.status).not.toBe('succeeded');
      if (job.body.status === 'processing') break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await server.kill();

    server = await startServerProcess(env);
    let job = {} as Body;
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      job = (await call(`/api/jobs/${jobId}`, { token })).body;
      if (job.status === 'succeeded' || job.status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(job.status).toBe('succeeded');
    expect(job.file_count).toBe(1500);

    const ledger = (await call('/payments/transactions?limit=100', { token })).body
      .transactions as Array<{ type: string; amount: number }>;
    const jobRows = ledger.filter((tx) => tx.type !== 'monthly_reset');
    expect(jobRows.filter((tx) => tx.type === 'reservation')).toHaveLength(1);
    expect(jobRows.filter((tx) => tx.type === 'usage')).toHaveLength(1);
    const me = (await call('/auth/me', { token })).body;
    expect(me.credits_reserved).toBe(0);
    expect(me.monthly_credits).toBe(5000 - Number(job.actual_credits));
    expect(job.actual_credits).toBe(job.reserved_credits);
  }, 240_000);
});
