import { ADMIN_TOKEN } from './server-process.js';

const PASSWORD = 'Bench#Horse7Kite';

/** The few calls the bench makes, as the web app makes them. */
export class BenchClient {
  token = '';
  constructor(readonly url: string) {}

  async call<T>(route: string, init: RequestInit = {}, token = this.token): Promise<T> {
    const headers = new Headers(init.headers);
    if (token) headers.set('authorization', `Bearer ${token}`);
    if (typeof init.body === 'string') headers.set('content-type', 'application/json');
    const res = await fetch(`${this.url}${route}`, { ...init, headers });
    const text = await res.text();
    if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${route}: ${res.status} ${text}`);
    return (text ? JSON.parse(text) : {}) as T;
  }

  /** A verified account on the given plan (the operator API sets plans). */
  async signUp(email: string, plan: string): Promise<void> {
    await this.call('/auth/register', {
      method: 'POST',
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    const outbox = await this.call<{ messages: Array<{ text: string }> }>(
      `/admin/outbox?to=${encodeURIComponent(email)}`,
      {},
      ADMIN_TOKEN,
    );
    const code = /\b(\d{6})\b/.exec(outbox.messages[0]?.text ?? '')?.[1];
    const verified = await this.call<{ access_token: string }>('/auth/verify', {
      method: 'POST',
      body: JSON.stringify({ email, verification_code: code }),
    });
    this.token = verified.access_token;
    await this.call(
      `/admin/users/${email}/plan`,
      { method: 'POST', body: JSON.stringify({ plan, billing_cycle: 'monthly' }) },
      ADMIN_TOKEN,
    );
  }

  /** Uploads in parallel chunks (3 at a time, as the web app starts), smallest first. */
  async upload(archive: Buffer, chunkBytes: number, uploadId: string): Promise<number> {
    const total = Math.ceil(archive.length / chunkBytes);
    const indices = Array.from({ length: total }, (_, i) => i).sort(
      (a, b) =>
        Math.min(chunkBytes, archive.length - a * chunkBytes) -
        Math.min(chunkBytes, archive.length - b * chunkBytes),
    );
    let next = 0;
    const lane = async () => {
      while (next < indices.length) {
        const index = indices[next++] as number;
        const form = new FormData();
        form.append('upload_id', uploadId);
        form.append('file_name', 'repo.zip');
        form.append('chunk_index', String(index));
        form.append('total_chunks', String(total));
        form.append(
          'chunk',
          new Blob([archive.subarray(index * chunkBytes, (index + 1) * chunkBytes)]),
          'blob',
        );
        await this.call('/api/jobs/chunk', { method: 'POST', body: form });
      }
    };
    await Promise.all([lane(), lane(), lane()]);
    return total;
  }

  async waitFor(jobId: string): Promise<Record<string, unknown>> {
    for (;;) {
      const job = await this.call<Record<string, unknown>>(`/api/jobs/${jobId}`);
      if (job.status === 'succeeded' || job.status === 'failed') return job;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
