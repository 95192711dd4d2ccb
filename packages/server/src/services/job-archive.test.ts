import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { describeWithApp } from '../../test/test-support/describe-with-app.js';
import { buffer } from 'node:stream/consumers';
import { assemble, buildZip, uploadInChunks, waitForJob } from '../../test/test-support/jobs.js';
import { get, signUp, type TestApp } from '../../test/test-support/test-app.js';
import { readAll } from '../adapters/storage/test-support/test-bytes.js';
import { StorageNotFoundError } from '../adapters/storage/object-storage.js';
import { localArchive, partsDigest } from './job-archive.js';
import { chunkKey } from './uploads.service.js';

const SOURCE = {
  'src/index.ts': 'export const answer = 42;\n',
  'src/util/math.ts': 'export function add(a: number, b: number) {\n  return a + b;\n}\n',
  'README.md': '# Demo\n',
};

const sha256 = (...parts: (string | Uint8Array)[]) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest('hex');
};

/** Whether the account's cache holds facts of the archive known by `digest` (archive-facts.ts). */
function hasFactsOf(t: TestApp, userId: string, digest: string): boolean {
  const name = sha256('archive-facts-1', '\0', digest);
  return existsSync(join(t.config.cache.dir, userId, 'archives', name));
}

it('knows an archive in parts by its parts, in order, and only when each was hashed', () => {
  const [a, b] = [sha256('a'), sha256('b')];
  expect(partsDigest([a, b])).toMatch(/^[0-9a-f]{64}$/);
  expect(partsDigest([a, b])).not.toBe(partsDigest([b, a]));
  expect(partsDigest([a])).not.toBe(a);
  expect(partsDigest([a, null])).toBeUndefined();
});

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
      `jobs/${jobId}/listing.bin`,
      `jobs/${jobId}/source-parts/part-000000`,
      `jobs/${jobId}/source-parts/part-000001`,
      `jobs/${jobId}/source-parts/part-000002`,
    ]);
    const parts = await Promise.all(
      keys.slice(2).map(async (key) => readAll(await storage.get(key))),
    );
    expect(Buffer.concat(parts).equals(archive)).toBe(true);
    // The upload's own chunks went once the job was made; the job's parts stay.
    expect(await storage.list(`uploads`)).toEqual([]);

    const local = await localArchive(storage, `jobs/${jobId}/source-parts/`, 'repo.zip');
    expect(local.size).toBe(archive.length);
    expect(local.files).toMatchObject({ name: 'repo.zip', parts: expect.any(Array) });
    await local.release();
  });

  it("keeps the facts it learns under the chunks' digests, or the bytes' when one is missing", async () => {
    const { access_token: token } = await signUp(t, 'digests@example.com');
    const user = (await t.app.services.repos.users.findByEmail('digests@example.com'))!;
    const archive = await buildZip({ ...SOURCE, 'extra.md': 'one more\n' });
    const size = Math.ceil(archive.length / 3);
    const chunks = [0, 1, 2].map((i) => archive.subarray(i * size, (i + 1) * size));
    const viaChunks = partsDigest(chunks.map((chunk) => sha256(chunk)))!;
    const first = await uploadInChunks(t.app, token, archive, 3);
    expect((await assemble(t.app, token, first, { selected: ['extra.md'] }, 3)).statusCode).toBe(
      200,
    );
    expect(hasFactsOf(t, user.id, viaChunks)).toBe(true);
    expect(hasFactsOf(t, user.id, sha256(archive))).toBe(false);

    // A chunk stored before digests were kept: the assembly reads the bytes for theirs.
    const second = await uploadInChunks(t.app, token, archive, 3);
    await t.app.services.db
      .updateTable('upload_chunks')
      .set({ sha256: null })
      .where('upload_id', '=', second)
      .where('chunk_index', '=', 1)
      .execute();
    expect((await assemble(t.app, token, second, { selected: ['README.md'] }, 3)).statusCode).toBe(
      200,
    );
    expect(hasFactsOf(t, user.id, sha256(archive))).toBe(true);
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

describeWithApp('an archive judged once', { worker: true }, (t) => {
  it('is not judged again: its listing serves the next assembly and the job', async () => {
    const { access_token: token } = await signUp(t, 'judged@example.com');
    const user = (await t.app.services.repos.users.findByEmail('judged@example.com'))!;
    const archive = await buildZip(SOURCE);
    const selected = { selected: Object.keys(SOURCE) };
    const chunkOf = async (jobId: string) =>
      (await get(t.app, `/api/jobs/${jobId}/files/chunks/chunk-0001.md`, token)).json().content;

    const first = await uploadInChunks(t.app, token, archive, 2);
    const made = (await assemble(t.app, token, first, selected, 2)).json().job_id as string;
    expect(await waitForJob(t.app, token, made)).toMatchObject({ status: 'succeeded' });
    await expect
      .poll(() => t.app.services.storage.list(`jobs/${made}/listing.bin`), { timeout: 10_000 })
      .toEqual([]);

    // The same archive again, its directory's signature then damaged where it is stored: the
    // digests taken as the chunks arrived still name the archive judged before, whose listing
    // opens it. Judged again, this directory would be refused.
    const second = await uploadInChunks(t.app, token, archive, 2);
    const key = chunkKey(user.id, second, 1);
    const stored = await buffer(await t.app.services.storage.get(key));
    const end = stored.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    expect(end).toBeGreaterThan(0);
    stored.writeUInt32LE(0, end);
    await t.app.services.storage.put(key, stored);

    const again = await assemble(t.app, token, second, selected, 2);
    expect(again.statusCode, again.body).toBe(200);
    const jobId = again.json().job_id as string;
    expect(await waitForJob(t.app, token, jobId)).toMatchObject({ status: 'succeeded' });
    expect(await chunkOf(jobId)).toBe(await chunkOf(made));
  });
});
