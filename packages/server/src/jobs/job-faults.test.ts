import { createPooledProcessor, type FileProcessor } from '@repobundle/engine';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ObjectStorage } from '../adapters/storage/create-storage.js';
import type { ServiceContext } from '../services/context.js';
import { assemble, buildZip, uploadInChunks, waitForJob } from '../../test/test-support/jobs.js';
import { createTestApp, get, signUp, type TestApp } from '../../test/test-support/test-app.js';
import {
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from '../../test/test-support/test-database.js';
import { runJob } from './run-job.js';
import { sweep } from './sweeper.js';

/**
 * A file processor that holds every file until `open()` is called: a worker frozen mid-job (a
 * long GC pause, a stopped VM) made to order, around the real pooled processor.
 */
function gatedProcessor(inner: FileProcessor) {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let entered!: () => void;
  const reached = new Promise<void>((resolve) => (entered = resolve));
  const processor: FileProcessor = {
    async process(entry, options) {
      entered();
      await gate;
      return inner.process(entry, options);
    },
    countTexts: (texts, encoding) => inner.countTexts(texts, encoding),
    measure: (entries) => inner.measure(entries),
    warmUp: (encoding) => inner.warmUp(encoding),
    flush: () => inner.flush(),
    threadsStarted: () => inner.threadsStarted(),
    close: async () => undefined,
  };
  return { processor, open, reached };
}

/** Storage that records every key written, around the real storage. */
function recordingStorage(inner: ObjectStorage) {
  const written: string[] = [];
  const storage: ObjectStorage = Object.create(inner) as ObjectStorage;
  storage.put = async (key, body, options) => {
    written.push(key);
    return inner.put(key, body, options);
  };
  return { storage, written };
}

describe.each(databaseKinds())('jobs under faults on %s', (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  const pool = createPooledProcessor(1);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    t = await createTestApp(database);
  });
  afterAll(async () => {
    await pool.close();
    await t.app.close();
    await database.destroy();
  });
  beforeEach(async () => {
    await database.reset();
  });

  async function pendingJob(email: string) {
    const { access_token: token } = await signUp(t, email);
    const files: Record<string, string> = {};
    for (let i = 0; i < 20; i++) files[`src/f${i}.ts`] = `export const v${i} = ${i};\n`.repeat(50);
    const upload = await uploadInChunks(t.app, token, await buildZip(files));
    const res = await assemble(t.app, token, upload, { selected: Object.keys(files) });
    expect(res.statusCode, res.body).toBe(200);
    return { token, jobId: res.json().job_id as string };
  }

  it('a job whose heartbeats keep coming runs to the end', async () => {
    const { token, jobId } = await pendingJob('beating@example.com');
    const gated = gatedProcessor(pool);
    const running = runJob(t.app.services, jobId, {
      heartbeatMs: 50,
      progressMs: 50,
      processor: gated.processor,
    });
    await gated.reached;
    await new Promise((resolve) => setTimeout(resolve, 500));
    gated.open();
    expect(await running).toBe('succeeded');
    expect((await get(t.app, `/api/jobs/${jobId}`, token)).json().status).toBe('succeeded');
  });

  it('deleting a running job stops its worker and leaves nothing of it in storage', async () => {
    const { token, jobId } = await pendingJob('cancel@example.com');
    const gated = gatedProcessor(pool);
    const running = runJob(t.app.services, jobId, {
      heartbeatMs: 100,
      progressMs: 50,
      processor: gated.processor,
    });
    await gated.reached;
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/jobs/${jobId}?confirmation_digits=${jobId.slice(-5)}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    // The worker notices at its next heartbeat and gives the job up without being let through.
    const outcome = await Promise.race([
      running.then(() => 'stopped'),
      new Promise((resolve) => setTimeout(() => resolve('still running'), 5000)),
    ]);
    gated.open();
    await running;
    expect(outcome).toBe('stopped');
    expect(await t.app.services.storage.list(`jobs/${jobId}`)).toEqual([]);
    const me = (await get(t.app, '/auth/me', token)).json();
    expect(me).toMatchObject({ monthly_credits: 100, credits_reserved: 0 });
  });

  it('a job deleted while its outputs are being written leaves nothing behind', async () => {
    const { token, jobId } = await pendingJob('late@example.com');
    const recording = recordingStorage(t.app.services.storage);
    let deletedOnce = false;
    const ctx: ServiceContext = { ...t.app.services, storage: recording.storage };
    // The user's delete lands between two output writes of the worker.
    recording.storage.put = async (key, body, options) => {
      recording.written.push(key);
      const result = await t.app.services.storage.put(key, body, options);
      if (!deletedOnce && key.endsWith('/overview.md')) {
        deletedOnce = true;
        const res = await t.app.inject({
          method: 'DELETE',
          url: `/api/jobs/${jobId}?confirmation_digits=${jobId.slice(-5)}`,
          headers: { authorization: `Bearer ${token}` },
        });
        expect(res.statusCode).toBe(200);
      }
      return result;
    };
    await runJob(ctx, jobId, { heartbeatMs: 10_000, progressMs: 50, processor: pool });
    expect(deletedOnce).toBe(true);
    expect(await t.app.services.storage.list(`jobs/${jobId}`)).toEqual([]);
  });

  /** A job whose outputs are many chunks: 40 files of about 3,000 tokens, 32,000 per chunk. */
  async function manyChunkJob(email: string) {
    const { access_token: token } = await signUp(t, email);
    const files: Record<string, string> = {};
    for (let i = 0; i < 40; i++) {
      files[`src/f${i}.ts`] = `export const value${i}_${'x'.repeat(8)} = ${i} * factor;\n`.repeat(
        250,
      );
    }
    const upload = await uploadInChunks(t.app, token, await buildZip(files));
    const res = await assemble(t.app, token, upload, {
      selected: Object.keys(files),
      token_limit: 32000,
    });
    expect(res.statusCode, res.body).toBe(200);
    return { token, jobId: res.json().job_id as string };
  }

  it("writes a job's outputs several at a time", async () => {
    const { token, jobId } = await manyChunkJob('parallel-store@example.com');
    let inFlight = 0;
    let most = 0;
    const storage: ObjectStorage = Object.create(t.app.services.storage) as ObjectStorage;
    storage.put = async (key, body, options) => {
      most = Math.max(most, ++inFlight);
      try {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return await t.app.services.storage.put(key, body, options);
      } finally {
        inFlight--;
      }
    };
    await runJob({ ...t.app.services, storage }, jobId, {
      heartbeatMs: 10_000,
      progressMs: 50,
      processor: pool,
    });
    const done = await waitForJob(t.app, token, jobId);
    expect(done.status).toBe('succeeded');
    expect((done.statistics as { chunks: number }).chunks).toBeGreaterThan(3);
    expect(most).toBeGreaterThan(1);
    // Outputs are listed in order whatever order their writes ended in.
    const listed = (await get(t.app, `/api/jobs/${jobId}/files`, token)).json();
    const paths = (listed.files as { path: string }[]).map((file) => file.path);
    const chunks = (done.statistics as { chunks: number }).chunks;
    expect(paths).toEqual([
      'overview.md',
      ...Array.from({ length: chunks }, (_, i) => `chunks/chunk-000${i + 1}.md`),
    ]);
  });

  it('a write that fails fails the job, and no other write lands after its outputs are removed', async () => {
    const { token, jobId } = await manyChunkJob('failed-store@example.com');
    let puts = 0;
    const storage: ObjectStorage = Object.create(t.app.services.storage) as ObjectStorage;
    storage.put = async (key, body, options) => {
      const turn = ++puts;
      // The third write fails at once while the others are still on their way to the disk.
      if (turn === 3) throw new Error('disk full');
      await new Promise((resolve) => setTimeout(resolve, 50));
      return t.app.services.storage.put(key, body, options);
    };
    const outcome = await runJob({ ...t.app.services, storage }, jobId, {
      heartbeatMs: 10_000,
      progressMs: 50,
      processor: pool,
    });
    expect(outcome).toBe('failed');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await t.app.services.storage.list(`jobs/${jobId}/attempts`)).toEqual([]);
    const failed = (await get(t.app, `/api/jobs/${jobId}`, token)).json();
    expect(failed.status).toBe('failed');
    expect((await get(t.app, '/auth/me', token)).json().credits_reserved).toBe(0);
  });

  it('a stale attempt that wakes after its job was retried never writes into the live outputs', async () => {
    const { token, jobId } = await pendingJob('stale-attempt@example.com');
    const recording = recordingStorage(t.app.services.storage);
    const ctx: ServiceContext = { ...t.app.services, storage: recording.storage };
    const gated = gatedProcessor(pool);
    // Attempt 1 freezes mid-job and stops beating.
    const frozen = runJob(ctx, jobId, {
      heartbeatMs: 3_600_000,
      progressMs: 3_600_000,
      processor: gated.processor,
    });
    await gated.reached;
    // The sweep runs a minute ahead: a progress write of the frozen attempt that lands late
    // (it was already in flight) cannot make its heartbeat look fresh again.
    const minuteLater = () => new Date(Date.now() + 60_000);
    const swept = await sweep(
      { ...t.app.services, now: minuteLater },
      {
        staleAfterMs: 1000,
        requeueAfterMs: 3_600_000,
        abandonedUploadMs: 3_600_000,
      },
    );
    expect(swept.requeued).toBe(1);

    // Attempt 2 runs to the end and its outputs become the live ones.
    await runJob(ctx, jobId, { heartbeatMs: 100, progressMs: 50, processor: pool });
    const done = await waitForJob(t.app, token, jobId);
    expect(done.status).toBe('succeeded');
    const liveFiles = (await get(t.app, `/api/jobs/${jobId}/files`, token)).json();
    const overview = (
      await get(t.app, `/api/jobs/${jobId}/files/${liveFiles.files[0].path}`, token)
    ).json();
    const writtenByLive = new Set(recording.written);
    const live = await t.app.services.storage.list(`jobs/${jobId}`);

    // Attempt 1 wakes: it must neither touch the live outputs nor leave its own behind.
    recording.written.length = 0;
    gated.open();
    await frozen;
    for (const key of recording.written) expect(writtenByLive.has(key), key).toBe(false);
    expect(await t.app.services.storage.list(`jobs/${jobId}`)).toEqual(live);
    const again = (
      await get(t.app, `/api/jobs/${jobId}/files/${liveFiles.files[0].path}`, token)
    ).json();
    expect(again.content).toBe(overview.content);
    const usage = (await get(t.app, '/payments/transactions?type=usage', token)).json();
    expect(usage.transactions).toHaveLength(1);
    expect((await get(t.app, '/auth/me', token)).json().credits_reserved).toBe(0);
  });

  it('a due deletion whose storage cannot be emptied keeps the row and is retried', async () => {
    const { token, jobId } = await pendingJob('due-retry@example.com');
    await runJob(t.app.services, jobId, { heartbeatMs: 100, progressMs: 50, processor: pool });
    await t.app.services.repos.jobs.update(jobId, {
      scheduled_deletion: new Date(Date.now() - 1000),
    });
    const failing: ObjectStorage = Object.create(t.app.services.storage) as ObjectStorage;
    failing.deletePrefix = () => Promise.reject(new Error('storage is down'));
    const policy = {
      staleAfterMs: 60_000,
      requeueAfterMs: 3_600_000,
      abandonedUploadMs: 3_600_000,
    };
    const first = await sweep({ ...t.app.services, storage: failing }, policy);
    expect(first.deleted).toBe(0);
    expect((await get(t.app, `/api/jobs/${jobId}`, token)).statusCode).toBe(200);
    const second = await sweep(t.app.services, policy);
    expect(second.deleted).toBe(1);
    expect((await get(t.app, `/api/jobs/${jobId}`, token)).statusCode).toBe(404);
    expect(await t.app.services.storage.list(`jobs/${jobId}`)).toEqual([]);
  });
});
