import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type RunningWorker } from '../../../jobs/worker.js';
import { describeWithApp } from '../../../../test/test-support/describe-with-app.js';
import { buildZip, multipartBody, readZip } from '../../../../test/test-support/jobs.js';
import {
  createTestApp,
  get,
  post,
  signUp,
  type TestApp,
} from '../../../../test/test-support/test-app.js';
import {
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from '../../../../test/test-support/test-database.js';

const SOURCE = {
  'src/index.ts': 'export const answer = 42;\n\n\n// the answer\n',
  'README.md': '# Demo\n\nA small project.\n',
  'node_modules/x/index.js': 'module.exports = 1;\n',
  'logo.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]),
};

async function jobsKey(t: TestApp, email: string): Promise<string> {
  const { access_token: session } = await signUp(t, email);
  const res = await post(t.app, '/api/keys', { name: 'program', scope: 'jobs' }, session);
  return res.json<{ key: string }>().key;
}

function sendZip(t: TestApp, key: string, query: string, body: Buffer) {
  return t.app.inject({
    method: 'POST',
    url: `/api/jobs/from-archive${query}`,
    payload: body,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/zip' },
  });
}

async function sendForm(
  t: TestApp,
  key: string,
  fields: Record<string, string>,
  file: Buffer | undefined,
  query = '',
) {
  const { body, contentType } = await multipartBody(
    fields,
    file ? { name: 'file', bytes: file } : undefined,
  );
  return t.app.inject({
    method: 'POST',
    url: `/api/jobs/from-archive${query}`,
    payload: body,
    headers: { authorization: `Bearer ${key}`, 'content-type': contentType },
  });
}

async function count(database: TestDatabase, table: 'uploads' | 'jobs'): Promise<number> {
  const result = await sql<{ n: number }>`select count(*)::integer as n from ${sql.table(
    table,
  )}`.execute(database.handle.db);
  return Number(result.rows[0]!.n);
}

describeWithApp('jobs in one request', { worker: true }, (t) => {
  it('makes a job of a raw ZIP body with fields in the query, every file selected', async () => {
    const key = await jobsKey(t, 'raw@example.com');
    const created = await sendZip(
      t,
      key,
      '?output_format=txt&remove_blank_lines=true&file_name=demo.zip',
      await buildZip(SOURCE),
    );
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({ status: 'pending', total_files: 2, reserved_credits: 1 });
    expect(body.job_id).toBe(body.id);

    const waited = await get(t.app, `/api/jobs/${body.job_id}?wait=30`, key);
    expect(waited.statusCode).toBe(200);
    const job = waited.json();
    expect(job).toMatchObject({
      status: 'succeeded',
      source_name: 'demo.zip',
      output_format: 'txt',
      remove_blank_lines: true,
    });
    const download = await get(t.app, `/api/jobs/${body.job_id}/download`, key);
    const text = Object.values(await readZip(download.rawPayload)).join('\n');
    expect(text).toContain('export const answer = 42;\n// the answer');
    expect(text).not.toContain('module.exports');
    expect(await count(t.database, 'jobs')).toBe(1);
  });

  it('makes a job of a multipart form, fields before and after the file and in the query', async () => {
    const key = await jobsKey(t, 'form@example.com');
    const form = new FormData();
    form.append('output_format', 'md');
    form.append('file', new Blob([await buildZip(SOURCE)]), 'demo.zip');
    form.append('show_line_numbers', 'true');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const payload = Buffer.from(await request.arrayBuffer());
    const contentType = request.headers.get('content-type') ?? '';
    // selected as a repeated query field, the other fields in the form.
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/jobs/from-archive?selected=README.md',
      payload,
      headers: { authorization: `Bearer ${key}`, 'content-type': contentType },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ total_files: 1 });
    const job = (await get(t.app, `/api/jobs/${created.json().job_id}?wait=30`, key)).json();
    expect(job).toMatchObject({
      status: 'succeeded',
      show_line_numbers: true,
      source_name: 'demo.zip',
    });
  });

  it('refuses bad fields before storing anything, and leaves no upload behind on any refusal', async () => {
    const key = await jobsKey(t, 'refusals@example.com');
    const zip = await buildZip(SOURCE);
    const badFormat = await sendZip(t, key, '?output_format=docx', zip);
    expect(badFormat.statusCode).toBe(400);
    expect(badFormat.json().detail).toMatch(/output_format must be one of/);

    const paid = await sendZip(t, key, '?output_format=json', zip);
    expect(paid.statusCode).toBe(403);
    expect(paid.json().code).toBe('UPGRADE_REQUIRED');

    const missing = await sendZip(t, key, '?selected=nope.ts', zip);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toMatch(/not in the archive: nope\.ts/);

    const notZip = await sendZip(t, key, '', Buffer.from('this is not a zip archive'));
    expect(notZip.statusCode).toBe(422);
    expect(notZip.json().code).toBe('INVALID_ARCHIVE');

    const tooBig = await sendZip(t, key, '', Buffer.alloc(11 * 1024 * 1024, 1));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().detail).toMatch(/10 MB/);

    const formBadField = await sendForm(t, key, { chunk_overlap: '-3' }, zip);
    expect(formBadField.statusCode).toBe(400);
    expect(formBadField.json().detail).toMatch(/chunk_overlap/);

    const formNoFile = await sendForm(t, key, { output_format: 'md' }, undefined);
    expect(formNoFile.statusCode).toBe(400);
    expect(formNoFile.json().detail).toMatch(/file field named "file"/);

    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/jobs/from-archive',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toMatch(/ZIP archive/);

    expect(await count(t.database, 'uploads')).toBe(0);
    expect(await count(t.database, 'jobs')).toBe(0);
  });

  it('answers 402 with the figures when credits are short, one job per request', async () => {
    const key = await jobsKey(t, 'credits@example.com');
    // 100 monthly credits; 90,000 lines cost 45: the third job finds 10 left.
    const costly = await buildZip({ 'a.txt': 'x\n'.repeat(90_000) });
    for (const expected of [201, 201, 402]) {
      const res = await sendZip(t, key, '', costly);
      expect(res.statusCode, res.body).toBe(expected);
      if (expected === 402) {
        expect(res.json()).toMatchObject({
          code: 'INSUFFICIENT_CREDITS',
          credits_needed: 45,
          credits_available: 10,
        });
      }
    }
    expect(await count(t.database, 'jobs')).toBe(2);
    expect(await count(t.database, 'uploads')).toBe(2);
  });
});

describe.each(databaseKinds())('waiting for a job on %s', (kind) => {
  let database: TestDatabase;
  let t: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    t = await createTestApp(database);
  });
  afterAll(async () => {
    await t.app.close();
    await database.destroy();
  });

  it('refuses a wait outside 0 to 60 seconds', async () => {
    const key = await jobsKey(t, 'wait-bad@example.com');
    const id = '00000000-0000-0000-0000-000000000000';
    for (const [wait, detail] of [
      ['61', /at most 60 seconds/],
      ['-1', /0 or more/],
      ['soon', /number of seconds/],
    ] as const) {
      const res = await get(t.app, `/api/jobs/${id}?wait=${wait}`, key);
      expect(res.statusCode, wait).toBe(400);
      expect(res.json().detail).toMatch(detail);
    }
    expect((await get(t.app, `/api/jobs/${id}?wait=1`, key)).statusCode).toBe(404);
  });

  it('holds the answer until the job ends, or answers as it is when the time is up', async () => {
    const key = await jobsKey(t, 'wait@example.com');
    const created = await sendZip(t, key, '', await buildZip(SOURCE));
    const jobId: string = created.json().job_id;

    // No worker yet: the job stays pending through the whole wait.
    const started = Date.now();
    const unchanged = await get(t.app, `/api/jobs/${jobId}?wait=2`, key);
    expect(unchanged.json().status).toBe('pending');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);

    // A worker starts during the wait: the answer comes when the job ends, not after 60 s.
    const waiting = get(t.app, `/api/jobs/${jobId}?wait=60`, key);
    let worker: RunningWorker | undefined;
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      worker = await startWorker(t.app.services);
      const before = Date.now();
      const ended = await waiting;
      expect(ended.statusCode).toBe(200);
      expect(ended.json().status).toBe('succeeded');
      expect(Date.now() - before).toBeLessThan(30_000);
    } finally {
      await worker?.stop();
    }
  });

  it('answers 404 when the job is deleted during the wait', async () => {
    const key = await jobsKey(t, 'wait-gone@example.com');
    const created = await sendZip(t, key, '', await buildZip(SOURCE));
    const jobId: string = created.json().job_id;
    const waiting = get(t.app, `/api/jobs/${jobId}?wait=30`, key);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/jobs/${jobId}?confirmation_digits=${jobId.slice(-5)}`,
      headers: { authorization: `Bearer ${key}` },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const started = Date.now();
    const res = await waiting;
    expect(res.statusCode).toBe(404);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
