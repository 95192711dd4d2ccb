import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildZip, readZip } from '../../test/test-support/jobs.js';
import {
  createTestApp,
  get,
  post,
  signUp,
  type TestApp,
} from '../../test/test-support/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-support/test-database.js';
import { startWorker, type RunningWorker } from './worker.js';

/** A small project: a few languages, so the file stage has real work to keep. */
const SOURCE: Record<string, string> = {
  'src/index.ts':
    'export const answer = 42;\n\n// the answer\nexport function twice(n: number) {\n  return n * 2;\n}\n',
  'src/util.py': 'def add(a, b):\n    """Adds."""\n    return a + b\n\n\nclass Box:\n    pass\n',
  'README.md': '# Demo\n\nA small project with a few files.\n',
  'lib/data.json': '{"name": "demo", "values": [1, 2, 3]}\n',
  'lib/notes.txt': 'line one\nline two\nline three\n',
};

/**
 * The pack stage's log line of one job: how many files came from the result cache, and how many
 * of those without reading the file from the archive.
 */
function cacheUseOf(t: TestApp, jobId: string): { cached: number; unread: number } {
  const line = t.logs
    .map((text) => JSON.parse(text) as Record<string, unknown>)
    .find((entry) => entry.jobId === jobId && entry.stage === 'pack');
  if (!line) throw new Error(`no pack stage logged for job ${jobId}`);
  return { cached: line.cachedFiles as number, unread: line.unreadFiles as number };
}

/** How many entries creating a job read from its archive, and how many files it selected. */
function inspectionOf(t: TestApp, jobId: string): { read: number; selected: number } {
  const line = t.logs
    .map((text) => JSON.parse(text) as Record<string, unknown>)
    .find((entry) => entry.jobId === jobId && entry.msg === 'archive inspected');
  if (!line) throw new Error(`no inspection logged for job ${jobId}`);
  return { read: line.readFiles as number, selected: line.selectedFiles as number };
}

/** The overview names the time it was made; everything else must match byte for byte. */
function withoutTimestamps(files: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(files).map(([name, text]) => [
      name,
      text.replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, '<time>'),
    ]),
  );
}

describe('the result cache shared by job workers', () => {
  let database: TestDatabase;
  let t: TestApp;
  let worker: RunningWorker;
  let key: string;
  let otherKey: string;
  let session: string;
  let userId: string;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    t = await createTestApp(database);
    worker = await startWorker(t.app.services);
    ({ access_token: session } = await signUp(t, 'cache@example.com'));
    const res = await post(t.app, '/api/keys', { name: 'program', scope: 'jobs' }, session);
    key = res.json<{ key: string }>().key;
    userId = (await get(t.app, '/auth/me', session)).json<{ id: string }>().id;
    const { access_token: other } = await signUp(t, 'other-account@example.com');
    otherKey = (await post(t.app, '/api/keys', { name: 'program', scope: 'jobs' }, other)).json<{
      key: string;
    }>().key;
  });
  afterAll(async () => {
    await worker.stop();
    await t.app.close();
    await database.destroy();
  });

  async function runJob(
    query: string,
    zip: Buffer,
    apiKey = key,
  ): Promise<{ id: string; files: number; lines: number }> {
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/jobs/from-archive?file_name=demo.zip&${query}`,
      payload: zip,
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/zip' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { job_id: id, line_count: lines } = created.json<{
      job_id: string;
      line_count: number;
    }>();
    const waited = await get(t.app, `/api/jobs/${id}?wait=30`, apiKey);
    const job = waited.json<{ status: string; statistics: { files: number } }>();
    expect(job.status, waited.body).toBe('succeeded');
    return { id, files: job.statistics.files, lines };
  }

  async function outputsOf(id: string): Promise<Record<string, string>> {
    const download = await get(t.app, `/api/jobs/${id}/download`, key);
    expect(download.statusCode).toBe(200);
    return readZip(download.rawPayload);
  }

  it('lives under the data folder unless CACHE_DIR says otherwise', () => {
    expect(t.config.cache.dir.startsWith(t.config.dataDir)).toBe(true);
  });

  it('serves a second job on the same archive with other options, with the bytes of an uncached run', async () => {
    const zip = await buildZip(SOURCE);
    const first = await runJob('output_format=md&chunking_strategy=file_based', zip);
    expect(cacheUseOf(t, first.id)).toEqual({ cached: 0, unread: 0 });
    expect(first.files).toBe(Object.keys(SOURCE).length);
    expect(readdirSync(t.config.cache.dir).length).toBeGreaterThan(0);

    const options = 'output_format=txt&chunking_strategy=fixed';
    const second = await runJob(options, zip);
    // The digests taken while counting the lines find every result: no file is read again.
    expect(cacheUseOf(t, second.id)).toEqual({ cached: second.files, unread: second.files });
    const cachedOutputs = await outputsOf(second.id);

    rmSync(t.config.cache.dir, { recursive: true, force: true });
    const uncached = await runJob(options, zip);
    expect(cacheUseOf(t, uncached.id)).toEqual({ cached: 0, unread: 0 });
    expect(withoutTimestamps(cachedOutputs)).toEqual(
      withoutTimestamps(await outputsOf(uncached.id)),
    );
    expect(existsSync(t.config.cache.dir)).toBe(true);
  });

  it('measures an archive it has inspected before without reading its entries again', async () => {
    const files = { ...SOURCE, 'docs/guide.md': '# Guide\n\nRead me.\n' };
    const zip = await buildZip(files);
    const withoutGuide = Object.keys(SOURCE)
      .map((path) => `selected=${encodeURIComponent(path)}`)
      .join('&');
    const first = await runJob(`output_format=md&${withoutGuide}`, zip);
    expect(inspectionOf(t, first.id)).toEqual({ read: 5, selected: 5 });

    // The same bytes, another selection: only the entry not read before is read.
    const second = await runJob('output_format=txt', zip);
    expect(inspectionOf(t, second.id)).toEqual({ read: 1, selected: 6 });
    const third = await runJob(`output_format=txt&chunking_strategy=fixed&${withoutGuide}`, zip);
    expect(inspectionOf(t, third.id)).toEqual({ read: 0, selected: 5 });
    expect(third.lines).toBe(first.lines);
    expect(cacheUseOf(t, third.id)).toEqual({ cached: 5, unread: 5 });

    // Other bytes are another archive, even where the ZIP's listing looks alike: a changed file
    // of the same length is read and counted again.
    const changed = await buildZip({ ...files, 'lib/notes.txt': 'line one\nline two\nline 3\n\n' });
    const fourth = await runJob(`output_format=md&${withoutGuide}`, changed);
    expect(inspectionOf(t, fourth.id)).toEqual({ read: 5, selected: 5 });
    expect(fourth.lines).toBe(first.lines + 1);

    // What the account's cache keeps of an archive is read back only when it is well formed.
    const factsDir = join(t.config.cache.dir, userId, 'archives');
    for (const name of readdirSync(factsDir)) writeFileSync(join(factsDir, name), 'not facts');
    const fifth = await runJob(`output_format=md&${withoutGuide}`, zip);
    expect(inspectionOf(t, fifth.id)).toEqual({ read: 5, selected: 5 });
  });

  it('keeps each account to its own results, and forgets them when the account deletes a job', async () => {
    const zip = await buildZip({ ...SOURCE, 'src/extra.ts': 'export const extra = 1;\n' });
    const mine = await runJob('output_format=md', zip);
    const accountDir = join(t.config.cache.dir, userId);
    expect(readdirSync(accountDir).length).toBeGreaterThan(0);

    // Another account uploading the same files finds none of them: a job's speed must not tell
    // one account what another uploaded.
    const theirs = await runJob('output_format=md', zip, otherKey);
    expect(cacheUseOf(t, theirs.id)).toEqual({ cached: 0, unread: 0 });
    expect(inspectionOf(t, theirs.id)).toEqual({ read: 6, selected: 6 });

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/jobs/${mine.id}?confirmation_digits=${mine.id.slice(-5)}`,
      headers: { authorization: `Bearer ${session}` },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(existsSync(accountDir)).toBe(false);
    // The other account's results stay.
    expect(readdirSync(t.config.cache.dir).length).toBe(1);
  });
});
