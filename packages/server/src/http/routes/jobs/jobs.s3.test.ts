import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startS3Server,
  type S3TestServer,
} from '../../../adapters/storage/test-support/s3-server.js';
import { startWorker, type RunningWorker } from '../../../jobs/worker.js';
import {
  assemble,
  buildZip,
  readZip,
  uploadInChunks,
  waitForJob,
} from '../../../../test/test-support/jobs.js';
import {
  createTestApp,
  get,
  signUp,
  type TestApp,
} from '../../../../test/test-support/test-app.js';
import {
  createTestDatabase,
  type TestDatabase,
} from '../../../../test/test-support/test-database.js';

/** The same job flow with uploads and outputs in an S3 bucket (a real s3rver on loopback). */
describe('jobs on S3-compatible storage', () => {
  let s3: S3TestServer;
  let database: TestDatabase;
  let t: TestApp;
  let worker: RunningWorker;

  beforeAll(async () => {
    s3 = await startS3Server();
    await s3.createBucket('jobs');
    database = await createTestDatabase('pglite');
    t = await createTestApp(database, {
      env: {
        STORAGE_URL: `s3://S3RVER:S3RVER@jobs/prod?endpoint=${s3.endpoint}&region=us-east-1`,
      },
    });
    worker = await startWorker(t.app.services);
  });
  afterAll(async () => {
    await worker.stop();
    await t.app.close();
    await database.destroy();
    await s3.stop();
  });

  it('uploads, processes and serves outputs from the bucket', async () => {
    expect(t.app.services.storage.kind).toBe('s3');
    expect((await get(t.app, '/readyz')).json()).toMatchObject({ storage: 'ok' });
    const { access_token: token } = await signUp(t, 's3@example.com');
    const files = { 'a.py': 'def a():\n    return 1\n', 'b/c.py': 'print("c")\n' };
    const upload = await uploadInChunks(t.app, token, await buildZip(files), 2);
    const created = await assemble(t.app, token, upload, { selected: Object.keys(files) }, 2);
    expect(created.statusCode, created.body).toBe(200);
    const jobId = created.json().job_id as string;
    const job = await waitForJob(t.app, token, jobId);
    expect(job.status).toBe('succeeded');
    // The archive and the digests go once the job has succeeded: wait for the worker's cleanup.
    const outputsOnly = [
      `jobs/${jobId}/attempts/1/chunks/chunk-0001.md`,
      `jobs/${jobId}/attempts/1/overview.md`,
    ];
    let stored: string[] = [];
    for (let tries = 0; tries < 50; tries++) {
      stored = (await t.app.services.storage.list(`jobs/${jobId}`)).map((o) => o.key);
      if (stored.length === outputsOnly.length) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(stored).toEqual(outputsOnly);
    const download = await get(t.app, `/api/jobs/${jobId}/download`, token);
    const entries = await readZip(download.rawPayload);
    expect(entries['chunks/chunk-0001.md']).toContain('def a():');
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/jobs/${jobId}?confirmation_digits=${jobId.slice(-5)}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(removed.statusCode).toBe(200);
    expect(await t.app.services.storage.list(`jobs/${jobId}`)).toEqual([]);
  });
});
