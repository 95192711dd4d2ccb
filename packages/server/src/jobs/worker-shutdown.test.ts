import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { finished, httpClient, sizeableRepository } from '../../test/test-support/http-client.js';
import { startServerProcess, type ServerProcess } from '../../test/test-support/server-process.js';
import { TEST_ADMIN_TOKEN, TEST_JWT_SECRET } from '../../test/test-support/test-app.js';

/**
 * SIGTERM on a process running a job: it stops taking jobs, gives the running one a grace
 * period, then hands it back and exits promptly; the next worker takes the job at once rather
 * than after the stale-heartbeat timeout (a minute here).
 */
describe('a worker stopped with SIGTERM mid-job', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'repobundle-sigterm-'));
  const env = {
    DATA_DIR: dataDir,
    JWT_SECRET: TEST_JWT_SECRET,
    ADMIN_TOKEN: TEST_ADMIN_TOKEN,
    AUTH_RATE_LIMIT: '10000',
    JOB_STALE_SECONDS: '60',
    SHUTDOWN_GRACE_SECONDS: '1',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: join(dataDir, 'no-web'),
  };
  let server: ServerProcess | undefined;
  const client = httpClient(() => server!.url);
  afterAll(async () => {
    await server?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('hands the job back within the grace period, and the next process finishes it', async () => {
    server = await startServerProcess(env);
    const token = await client.signUp('sigterm@example.com');
    const jobId = await client.createJob(token, sizeableRepository());
    await client.waitForJob(token, jobId, (job) => {
      expect(job.status).not.toBe('succeeded');
      return job.status === 'processing';
    });

    const signalled = Date.now();
    await server.stop();
    const exitSeconds = (Date.now() - signalled) / 1000;
    expect(exitSeconds, server.output()).toBeLessThan(10);
    expect(server.child.exitCode, server.output()).toBe(0);

    server = await startServerProcess(env);
    const restarted = Date.now();
    const job = await client.waitForJob(token, jobId, finished, 90_000);
    expect(job.status).toBe('succeeded');
    // Every file processed: an engine whose threads were closed under it fails each file,
    // which must not pass for a finished job.
    expect(job.file_count).toBe(1500);
    expect(job.errors).toEqual([]);
    // Taken at once from the queue, not found by the sweeper after the stale timeout.
    expect((Date.now() - restarted) / 1000).toBeLessThan(45);
    const me = (await client.call('/auth/me', { token })).body;
    expect(me.credits_reserved).toBe(0);
    expect(me.monthly_credits).toBe(5000 - Number(job.actual_credits));
  }, 240_000);
});
