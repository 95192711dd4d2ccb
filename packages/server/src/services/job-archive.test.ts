import { expect, it } from 'vitest';
import { describeWithApp } from '../../test/test-support/describe-with-app.js';
import { assemble, buildZip, uploadInChunks } from '../../test/test-support/jobs.js';
import { signUp } from '../../test/test-support/test-app.js';
import { readAll } from '../adapters/storage/test-support/test-bytes.js';
import { StorageNotFoundError } from '../adapters/storage/object-storage.js';
import { localArchive } from './job-archive.js';

const SOURCE = {
  'src/index.ts': 'export const answer = 42;\n',
  'src/util/math.ts': 'export function add(a: number, b: number) {\n  return a + b;\n}\n',
  'README.md': '# Demo\n',
};

describeWithApp('an uploaded archive kept in parts', (t) => {
  it('becomes the job archive as its chunks, with no joined copy', async () => {
    const { access_token: token } = await signUp(t, 'parts@example.com');
    const archive = await buildZip(SOURCE);
    const uploadId = await uploadInChunks(t.app, token, archive, 3);
    const created = await assemble(t.app, token, uploadId, { selected: Object.keys(SOURCE) }, 3);
    expect(created.statusCode, created.body).toBe(200);
    const jobId = created.json().job_id as string;
    expect(created.json()).toMatchObject({ total_files: 3, line_count: 5 });

    const storage = t.app.services.storage;
    const keys = (await storage.list(`jobs/${jobId}`)).map((object) => object.key);
    expect(keys).toEqual([
      `jobs/${jobId}/digests.json`,
      `jobs/${jobId}/source-parts/part-000000`,
      `jobs/${jobId}/source-parts/part-000001`,
      `jobs/${jobId}/source-parts/part-000002`,
    ]);
    const parts = await Promise.all(
      keys.slice(1).map(async (key) => readAll(await storage.get(key))),
    );
    expect(Buffer.concat(parts).equals(archive)).toBe(true);
    // The upload's own chunks went once the job was made; the job's parts stay.
    expect(await storage.list(`uploads`)).toEqual([]);

    const local = await localArchive(storage, `jobs/${jobId}/source-parts/`, 'repo.zip');
    expect(local.size).toBe(archive.length);
    expect(local.files).toMatchObject({ name: 'repo.zip', parts: expect.any(Array) });
    await local.release();
  });

  it('keeps the chunks and makes no job folder when the assembly is refused', async () => {
    const { access_token: token } = await signUp(t, 'refused@example.com');
    const archive = await buildZip(SOURCE);
    const storage = t.app.services.storage;
    const jobsBefore = await storage.list('jobs');
    const uploadId = await uploadInChunks(t.app, token, archive, 2);
    const chunks = await storage.list('uploads');
    expect(chunks).toHaveLength(2);
    const refused = await assemble(t.app, token, uploadId, { selected: ['missing.ts'] }, 2);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().detail).toContain('missing.ts');
    expect(await storage.list('jobs')).toEqual(jobsBefore);
    expect(await storage.list('uploads')).toEqual(chunks);
    const corrected = await assemble(t.app, token, uploadId, { selected: ['README.md'] }, 2);
    expect(corrected.statusCode, corrected.body).toBe(200);
  });

  it('says a parts folder with no parts is missing', async () => {
    await expect(
      localArchive(t.app.services.storage, 'jobs/none/source-parts/', 'x.zip'),
    ).rejects.toBeInstanceOf(StorageNotFoundError);
  });
});
