import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../../test/test-support/jobs.js';
import { httpClient, sizeableRepository } from '../../test/test-support/http-client.js';
import { startServerProcess, type ServerProcess } from '../../test/test-support/server-process.js';
import { TEST_ADMIN_TOKEN, TEST_JWT_SECRET } from '../../test/test-support/test-app.js';

const UPLOADS = 40;
const CHUNKS_PER_UPLOAD = 50;
/**
 * Uploads are spread over accounts: one account may park at most 10 unfinished uploads, together
 * at most twice its plan's upload limit (free: 20 MB); each here holds 5 of 3.2 MB.
 */
const UPLOADS_PER_ACCOUNT = 5;
const IN_FLIGHT = 20;
/** Far above any answer the API should take; a request still open then counts as unanswered. */
const UNANSWERED_AFTER_MS = 30_000;

/**
 * Soak: thousands of chunk uploads against a real server process while jobs run in the same
 * process (ROLE=all on the embedded database, the acceptance setup). Every request must be
 * answered; the slowest answer is reported.
 */
describe('chunk uploads while jobs run', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'repobundle-soak-'));
  let server: ServerProcess | undefined;
  const client = httpClient(() => server!.url);
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`answers all ${UPLOADS * CHUNKS_PER_UPLOAD} chunk uploads`, async () => {
    server = await startServerProcess({
      DATA_DIR: dataDir,
      JWT_SECRET: TEST_JWT_SECRET,
      ADMIN_TOKEN: TEST_ADMIN_TOKEN,
      AUTH_RATE_LIMIT: '1000000',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: join(dataDir, 'no-web'),
    });
    const token = await client.signUp('soak@example.com');
    const tokens = [token];
    for (let account = 1; account < UPLOADS / UPLOADS_PER_ACCOUNT; account++) {
      tokens.push(await client.signUp(`soak-${account}@example.com`));
    }
    const jobs = [];
    for (let i = 0; i < 3; i++) jobs.push(await client.createJob(token, sizeableRepository(400)));

    const bytes = randomBytes(64 * 1024);
    const requests: Array<{ upload: number; index: number }> = [];
    for (let upload = 0; upload < UPLOADS; upload++)
      for (let index = 0; index < CHUNKS_PER_UPLOAD; index++) requests.push({ upload, index });
    const statuses = new Map<number | string, number>();
    let slowestMs = 0;
    let next = 0;
    const lane = async () => {
      while (next < requests.length) {
        const { upload, index } = requests[next++]!;
        const { body, contentType } = await multipartBody(
          {
            upload_id: `soak-${upload}`,
            file_name: 'repo.zip',
            chunk_index: String(index),
            total_chunks: String(CHUNKS_PER_UPLOAD),
          },
          { name: 'chunk', bytes },
        );
        const started = Date.now();
        const status = await fetch(`${server!.url}/api/jobs/chunk`, {
          method: 'POST',
          body,
          headers: {
            'content-type': contentType,
            authorization: `Bearer ${tokens[Math.floor(upload / UPLOADS_PER_ACCOUNT)]}`,
          },
          signal: AbortSignal.timeout(UNANSWERED_AFTER_MS),
        }).then(
          async (res) => {
            await res.arrayBuffer();
            return res.status;
          },
          (error: unknown) =>
            error instanceof Error && error.name === 'TimeoutError' ? 'unanswered' : 'failed',
        );
        slowestMs = Math.max(slowestMs, Date.now() - started);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    };
    const soakStarted = Date.now();
    await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
    const seconds = (Date.now() - soakStarted) / 1000;
    console.log(
      `soak: ${requests.length} chunk uploads in ${seconds.toFixed(1)} s, slowest ${slowestMs} ms,`,
      Object.fromEntries(statuses),
    );
    expect(Object.fromEntries(statuses)).toEqual({ 200: requests.length });
    const states = await Promise.all(
      jobs.map(
        async (id) => (await client.call(`/api/jobs/${id}`, { token })).body.status as string,
      ),
    );
    expect(states.every((state) => state !== 'failed')).toBe(true);
  }, 600_000);
});
