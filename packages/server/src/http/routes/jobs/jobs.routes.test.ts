import { randomBytes } from 'node:crypto';
import { loadTokenCounter } from '@repobundle/engine/tokens';
import { expect, it } from 'vitest';
import { describeWithApp } from '../../../../test/test-support/describe-with-app.js';
import {
  assemble,
  buildZip,
  readZip,
  sendChunk,
  uploadInChunks,
  waitForJob,
} from '../../../../test/test-support/jobs.js';
import { get, signUp, type TestApp } from '../../../../test/test-support/test-app.js';

const SOURCE = {
  'src/index.ts': 'export const answer = 42;\n// the answer\n',
  'src/util/math.ts': 'export function add(a: number, b: number) {\n  return a + b;\n}\n',
  'README.md': '# Demo\n\nA small project.\n',
  'node_modules/x/index.js': 'module.exports = 1;\n',
  'logo.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]),
};
const SELECTED = ['src/index.ts', 'src/util/math.ts', 'README.md'];

function del(t: TestApp, url: string, token: string) {
  return t.app.inject({ method: 'DELETE', url, headers: { authorization: `Bearer ${token}` } });
}

describeWithApp('jobs end to end', { worker: true }, (t) => {
  it('uploads in chunks, processes, serves the outputs and settles the credits', async () => {
    const { access_token: token } = await signUp(t, 'jobs@example.com');
    const archive = await buildZip(SOURCE);
    const uploadId = 'upload-1';
    const third = Math.ceil(archive.length / 3);
    const piece = (i: number) => archive.subarray(i * third, (i + 1) * third);
    // Out of order, one chunk sent twice, the file part before the fields once.
    for (const [index, fileFirst] of [
      [2, false],
      [0, true],
      [1, false],
      [1, false],
    ] as const) {
      const res = await sendChunk(
        t.app,
        token,
        { upload_id: uploadId, file_name: 'repo.zip', chunk_index: index, total_chunks: 3 },
        piece(index),
        { fileFirst },
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ chunk_size: piece(index).length, total_chunks: 3 });
      expect(res.json().upload_time).toBeGreaterThanOrEqual(0);
      expect(typeof res.json().upload_speed_mbps).toBe('number');
    }

    const created = await assemble(t.app, token, uploadId, { selected: SELECTED }, 3);
    expect(created.statusCode, created.body).toBe(200);
    const { job_id: jobId, reserved_credits, total_files, line_count } = created.json();
    expect(jobId).toMatch(/^[0-9a-f-]{36}$/);
    expect({ reserved_credits, total_files, line_count }).toEqual({
      reserved_credits: 1,
      total_files: 3,
      line_count: 8,
    });
    const reserved = await get(t.app, '/auth/me', token);
    expect(reserved.json()).toMatchObject({ monthly_credits: 99, credits_reserved: 1 });

    const job = await waitForJob(t.app, token, jobId);
    expect(job).toMatchObject({
      id: jobId,
      job_id: jobId,
      status: 'succeeded',
      error: null,
      file_count: 3,
      total_files: 3,
      output_format: 'md',
      chunking_strategy: 'fixed',
      token_limit: 128000,
      reserved_credits: 1,
      actual_credits: 1,
      progress: { stage: 'done', percent: 100 },
    });
    expect(Date.parse(job.finished_at as string)).toBeGreaterThanOrEqual(
      Date.parse(job.started_at as string),
    );
    // The archive, kept as the upload's parts, goes right after the job has succeeded.
    await expect
      .poll(() => t.app.services.storage.list(`jobs/${jobId}/source-parts`), { timeout: 10_000 })
      .toEqual([]);

    const overview = await get(t.app, `/api/jobs/${jobId}/files/overview.md`, token);
    expect(overview.json().content).toMatch(/^# Overview: repo\.zip\n/);
    const files = await get(t.app, `/api/jobs/${jobId}/files`, token);
    expect(files.statusCode).toBe(200);
    const paths = files.json().files.map((f: { path: string }) => f.path);
    expect(paths).toEqual(['overview.md', 'chunks/chunk-0001.md']);

    const chunk = await get(t.app, `/api/jobs/${jobId}/files/chunks/chunk-0001.md`, token);
    expect(chunk.statusCode).toBe(200);
    expect(chunk.json().content).toContain('export const answer = 42;');
    expect(chunk.json()).toMatchObject({ name: 'chunk-0001.md', path: 'chunks/chunk-0001.md' });

    const download = await get(t.app, `/api/jobs/${jobId}/download`, token);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="job-${jobId}.zip"`);
    const entries = await readZip(download.rawPayload);
    expect(Object.keys(entries).sort()).toEqual(['chunks/chunk-0001.md', 'overview.md']);
    expect(entries['chunks/chunk-0001.md']).toBe(chunk.json().content);

    const analytics = await get(t.app, `/api/jobs/${jobId}/chunking-analytics`, token);
    expect(analytics.statusCode).toBe(200);
    expect(analytics.json()).toMatchObject({ total_chunks: 1, token_limit: 128000, file_count: 3 });
    expect(analytics.json().comparison).toMatchObject({ utilization_trend: 'stable' });
    // Each chunk's exact token count as written, its files and their line spans.
    const counter = await loadTokenCounter('o200k_base');
    expect(analytics.json().chunks).toEqual([
      {
        index: 1,
        file_name: 'chunk-0001.md',
        tokens: counter.count(chunk.json().content),
        files: expect.arrayContaining([
          { path: 'src/index.ts', start_line: 1, end_line: 2, part: 1, part_count: 1 },
          { path: 'src/util/math.ts', start_line: 1, end_line: 3, part: 1, part_count: 1 },
          { path: 'README.md', start_line: 1, end_line: 3, part: 1, part_count: 1 },
        ]),
      },
    ]);
    expect(analytics.json().chunks[0].files).toHaveLength(3);

    const ledger = await get(t.app, '/payments/transactions', token);
    expect(ledger.statusCode).toBe(200);
    const types = ledger
      .json()
      .transactions.map((tx: { type: string; amount: number }) => [tx.type, tx.amount]);
    expect(types).toEqual(
      expect.arrayContaining([
        ['reservation', -1],
        ['refund', 1],
        ['usage', -1],
        ['monthly_reset', 100],
      ]),
    );
    // Newest first, in the order they were written within the settling transaction.
    expect(types.slice(0, 3)).toEqual([
      ['usage', -1],
      ['refund', 1],
      ['reservation', -1],
    ]);
    const filtered = await get(t.app, '/payments/token-transactions?type=usage&search=job', token);
    expect(filtered.json().transactions).toHaveLength(1);
    const after = await get(t.app, '/auth/me', token);
    expect(after.json()).toMatchObject({ monthly_credits: 99, credits_reserved: 0 });

    const list = await get(t.app, '/api/jobs?page=1&limit=25', token);
    expect(list.json().pagination).toEqual({
      page: 1,
      limit: 25,
      total_jobs: 1,
      total_pages: 1,
      has_next: false,
      has_prev: false,
    });

    const wrong = await del(t, `/api/jobs/${jobId}?confirmation_digits=00000`, token);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('CONFIRMATION_MISMATCH');
    const missing = await del(t, `/api/jobs/${jobId}`, token);
    expect(missing.statusCode).toBe(400);
    const deleted = await del(
      t,
      `/api/jobs/${jobId}?confirmation_digits=${jobId.slice(-5)}`,
      token,
    );
    expect(deleted.statusCode).toBe(200);
    expect((await get(t.app, `/api/jobs/${jobId}`, token)).statusCode).toBe(404);
    expect(await t.app.services.storage.list(`jobs/${jobId}`)).toEqual([]);
    const kept = await get(t.app, '/payments/transactions?type=usage', token);
    expect(kept.json().transactions).toHaveLength(1);
  });

  it('redacts with the own secret patterns of the user', async () => {
    const { access_token: token } = await signUp(t, 'custom@example.com');
    const files = { 'config.ts': 'export const ticket = "INTERNAL-482913";\n' };
    const upload = await uploadInChunks(t.app, token, await buildZip(files));
    const created = await assemble(t.app, token, upload, {
      selected: ['config.ts'],
      redact_secrets: true,
      custom_secret_patterns: ['INTERNAL-[0-9]{6}'],
    });
    expect(created.statusCode, created.body).toBe(200);
    await waitForJob(t.app, token, created.json().job_id);
    const chunk = await get(
      t.app,
      `/api/jobs/${created.json().job_id}/files/chunks/chunk-0001.md`,
      token,
    );
    expect(chunk.json().content).toContain('"[REDACTED:custom]"');
    expect(chunk.json().content).not.toContain('482913');
  });

  it('reports likely secrets with redaction off, leaving the content as it was', async () => {
    const { access_token: token } = await signUp(t, 'secrets@example.com');
    // Built at run time from parts: no realistic credential is committed.
    const password = `${randomBytes(9).toString('base64url')}7`;
    const url = `postgres://app:${password}@db.internal:5432/app`;
    const files = {
      'config/db.ts': `export const url = "${url}";\n`,
      'deploy/id_rsa': 'a key would be here\n',
      'src/index.ts': 'export const a = 1;\n',
    };
    const upload = await uploadInChunks(t.app, token, await buildZip(files));
    const created = await assemble(t.app, token, upload, { selected: Object.keys(files) });
    expect(created.statusCode, created.body).toBe(200);
    const job = await waitForJob(t.app, token, created.json().job_id);
    expect((job.statistics as Record<string, unknown>).secrets).toEqual({
      redacted: false,
      files: 2,
      found: { 'postgres-connection-string': 1, 'private-key-file': 1 },
      low_confidence: { 'private-key-file': 1 },
      by_file: [
        { path: 'config/db.ts', type: 'postgres-connection-string', confidence: 'high', count: 1 },
        { path: 'deploy/id_rsa', type: 'private-key-file', confidence: 'low', count: 1 },
      ],
      by_file_truncated: false,
      private_key_files: ['deploy/id_rsa'],
      hint: expect.stringMatching(/redact_secrets/),
    });
    expect(JSON.stringify(job)).not.toContain(password);
    const chunk = await get(
      t.app,
      `/api/jobs/${created.json().job_id}/files/chunks/chunk-0001.md`,
      token,
    );
    expect(chunk.json().content).toContain(url);
  });

  it('puts header text and instructions at the top of every output and on the job', async () => {
    const { access_token: token } = await signUp(t, 'words@example.com');
    const upload = await uploadInChunks(t.app, token, await buildZip(SOURCE));
    const created = await assemble(t.app, token, upload, {
      selected: SELECTED,
      header_text: 'The billing service.',
      instruction_text: 'List every function that can throw.',
    });
    expect(created.statusCode, created.body).toBe(200);
    const job = await waitForJob(t.app, token, created.json().job_id);
    expect([job.header_text, job.instruction_text]).toEqual([
      'The billing service.',
      'List every function that can throw.',
    ]);
    for (const path of ['overview.md', 'chunks/chunk-0001.md']) {
      const file = await get(t.app, `/api/jobs/${created.json().job_id}/files/${path}`, token);
      expect(file.json().content, path).toContain('The billing service.');
      expect(file.json().content, path).toContain('List every function that can throw.');
    }
    const tooLong = await assemble(t.app, token, upload, {
      selected: SELECTED,
      header_text: 'x'.repeat(64 * 1024 + 1),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().detail).toMatch(/header_text must be at most 65,536 characters/);
    const withNul = await assemble(t.app, token, upload, {
      selected: SELECTED,
      instruction_text: 'a\u0000b',
    });
    expect(withNul.statusCode).toBe(400);
  });

  it('refuses sort_by_changes for an uploaded archive, which has no history', async () => {
    const { access_token: token } = await signUp(t, 'history@example.com');
    const upload = await uploadInChunks(t.app, token, await buildZip(SOURCE));
    const refused = await assemble(t.app, token, upload, {
      selected: SELECTED,
      sort_by_changes: true,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe(
      "sort_by_changes needs the repository's git history, which an uploaded archive does not have. Create the job from the repository (POST /api/jobs/from-github), or leave sort_by_changes off.",
    );
    // Refused before the upload was claimed: the same upload still makes a job without it.
    const created = await assemble(t.app, token, upload, {
      selected: SELECTED,
      sort_by_changes: false,
    });
    expect(created.statusCode, created.body).toBe(200);
    const job = await waitForJob(t.app, token, created.json().job_id);
    expect(job).toMatchObject({ status: 'succeeded', sort_by_changes: false });
  });

  it('counts for the target model and says whether the output fits its window', async () => {
    const { access_token: token } = await signUp(t, 'model@example.com');
    const upload = await uploadInChunks(t.app, token, await buildZip(SOURCE));
    const created = await assemble(t.app, token, upload, {
      selected: SELECTED,
      target_model: 'llama-3.1',
    });
    expect(created.statusCode, created.body).toBe(200);
    const job = await waitForJob(t.app, token, created.json().job_id);
    expect(job.target_model).toBe('llama-3.1');
    const chunk = await get(t.app, `/api/jobs/${job.id}/files/chunks/chunk-0001.md`, token);
    const counter = await loadTokenCounter('llama3');
    const tokens = counter.count(chunk.json().content as string);
    expect((job.statistics as Record<string, unknown>).model).toEqual({
      id: 'llama-3.1',
      name: 'Llama 3.1',
      tokenizer: 'llama3',
      context_window: 131_072,
      exact: true,
      tokens,
      error_band: null,
      fits: true,
    });
    const overview = await get(t.app, `/api/jobs/${job.id}/files/overview.md`, token);
    expect(overview.json().content).toContain('- Fit: fits the 131,072-token window\n');

    const unknown = await assemble(t.app, token, upload, {
      selected: SELECTED,
      target_model: 'gpt-2',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toMatch(
      /target_model must be one of: gpt-4o, .*GET \/api\/models/,
    );
  });

  it('reports each file where a requested step could not apply, with the reason', async () => {
    const { access_token: token } = await signUp(t, 'notes@example.com');
    const files = {
      'src/a.ts': 'export const a = 1; // gone\n',
      'legacy/b.ada': 'X := 1; -- kept\n',
    };
    const upload = await uploadInChunks(t.app, token, await buildZip(files));
    const created = await assemble(t.app, token, upload, {
      selected: Object.keys(files),
      remove_comments: true,
    });
    expect(created.statusCode, created.body).toBe(200);
    const job = await waitForJob(t.app, token, created.json().job_id);
    const statistics = job.statistics as Record<string, unknown>;
    expect(statistics.file_notes).toEqual([
      { path: 'legacy/b.ada', note: 'comments kept: no parser for ada files' },
    ]);
    expect(statistics.file_notes_truncated).toBe(false);
  });

  it('compresses to signatures when the job asks for it, and says so in the job', async () => {
    const { access_token: token } = await signUp(t, 'compress@example.com');
    const files = {
      'src/math.ts':
        '/** Adds.\n * Details. */\nexport function add(a: number, b: number) {\n  return a + b;\n}\n',
      'legacy/b.ada': 'X := 1;\n',
    };
    const upload = await uploadInChunks(t.app, token, await buildZip(files));
    const created = await assemble(t.app, token, upload, {
      selected: Object.keys(files),
      compress: true,
    });
    expect(created.statusCode, created.body).toBe(200);
    const job = await waitForJob(t.app, token, created.json().job_id);
    expect(job).toMatchObject({ status: 'succeeded', compress: true, remove_comments: false });
    expect((job.statistics as Record<string, unknown>).file_notes).toEqual([
      { path: 'legacy/b.ada', note: 'not compressed: no parser for ada files' },
    ]);
    const chunk = await get(
      t.app,
      `/api/jobs/${job.id as string}/files/chunks/chunk-0001.md`,
      token,
    );
    expect(chunk.json().content).toContain(
      '/** Adds. */\nexport function add(a: number, b: number) { /* ... */ }\n',
    );
    expect(chunk.json().content).not.toContain('return a + b');

    const again = await uploadInChunks(t.app, token, await buildZip(files));
    const plain = await assemble(t.app, token, again, { selected: Object.keys(files) });
    const plainJob = await waitForJob(t.app, token, plain.json().job_id);
    expect(plainJob.compress).toBe(false);
    const bad = await assemble(t.app, token, upload, {
      selected: Object.keys(files),
      compress: 'maybe',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toMatch(/compress/);
  });

  it('keeps jobs and uploads private to their owner', async () => {
    const owner = (await signUp(t, 'owner@example.com')).access_token;
    const other = (await signUp(t, 'other@example.com')).access_token;
    const uploadId = await uploadInChunks(t.app, owner, await buildZip(SOURCE), 2);
    expect((await assemble(t.app, other, uploadId, { selected: SELECTED }, 2)).statusCode).toBe(
      404,
    );
    const created = await assemble(t.app, owner, uploadId, { selected: SELECTED }, 2);
    const jobId = created.json().job_id as string;
    await waitForJob(t.app, owner, jobId);
    for (const path of ['', '/files', '/files/overview.md', '/download', '/chunking-analytics']) {
      const res = await get(t.app, `/api/jobs/${jobId}${path}`, other);
      expect(res.statusCode, path).toBe(404);
    }
    const steal = await del(t, `/api/jobs/${jobId}?confirmation_digits=${jobId.slice(-5)}`, other);
    expect(steal.statusCode).toBe(404);
    expect((await get(t.app, '/api/jobs', other)).json().jobs).toEqual([]);
  });

  it('refuses bad uploads and bad job fields with a clear 4xx', async () => {
    const { access_token: token } = await signUp(t, 'bad@example.com');
    const archive = await buildZip(SOURCE);
    const id = await uploadInChunks(t.app, token, archive, 1);

    const cases: Array<[Record<string, unknown>, number, string, RegExp]> = [
      [{ selected: [] }, 400, 'VALIDATION_ERROR', /No files selected/],
      [{ selected: ['nope.ts'] }, 400, 'VALIDATION_ERROR', /not in the archive: nope\.ts/],
      [{ selected: SELECTED, output_format: 'json' }, 403, 'UPGRADE_REQUIRED', /Upgrade to access/],
      [{ selected: SELECTED, output_format: 'pdf' }, 400, 'VALIDATION_ERROR', /output_format/],
      [
        { selected: SELECTED, chunking_strategy: 'magic' },
        400,
        'VALIDATION_ERROR',
        /chunking_strategy/,
      ],
      [{ selected: SELECTED, credit_type: 'free' }, 400, 'VALIDATION_ERROR', /credit_type/],
      [{ selected: ['logo.png'] }, 400, 'VALIDATION_ERROR', /binary, excluded or ignored/],
      [
        { selected: SELECTED, redact_secrets: true, custom_secret_patterns: ['(a+)+$'] },
        400,
        'VALIDATION_ERROR',
        /customSecretPatterns|pattern/,
      ],
      [
        {
          selected: SELECTED,
          gitignore_config: { custom_patterns: [{ pattern: '  ', type: 'exclude' }] },
        },
        400,
        'VALIDATION_ERROR',
        /pattern/,
      ],
    ];
    for (const [fields, status, code, detail] of cases) {
      const res = await assemble(t.app, token, id, fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(status);
      expect(res.json().code).toBe(code);
      expect(res.json().detail).toMatch(detail);
    }

    // An unknown token limit falls back to the default rather than failing.
    const fallback = await assemble(t.app, token, id, { selected: SELECTED, token_limit: 12345 });
    expect(fallback.statusCode).toBe(200);
    const job = await waitForJob(t.app, token, fallback.json().job_id);
    expect(job.token_limit).toBe(128000);

    const incomplete = await sendChunk(
      t.app,
      token,
      { upload_id: 'partial', file_name: 'repo.zip', chunk_index: 0, total_chunks: 2 },
      archive.subarray(0, 10),
    );
    expect(incomplete.statusCode).toBe(200);
    const notAll = await assemble(t.app, token, 'partial', { selected: SELECTED }, 2);
    expect(notAll.statusCode).toBe(400);
    expect(notAll.json()).toMatchObject({ code: 'UPLOAD_INCOMPLETE' });
    expect(notAll.json().detail).toMatch(/chunk 1 has not arrived/);

    const outOfRange = await sendChunk(
      t.app,
      token,
      { upload_id: 'range', file_name: 'repo.zip', chunk_index: 2, total_chunks: 2 },
      archive,
    );
    expect(outOfRange.statusCode).toBe(400);
    const empty = await sendChunk(
      t.app,
      token,
      { upload_id: 'empty', file_name: 'repo.zip', chunk_index: 0, total_chunks: 1 },
      new Uint8Array(0),
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toMatch(/Invalid chunk data for chunk 0/);
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/jobs/assemble',
      payload: 'upload_id=x',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/xml' },
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/jobs/chunk',
      payload: { chunk: 'x' },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(json.statusCode).toBe(400);

    const notZip = await uploadInChunks(t.app, token, Buffer.from('this is not a zip file at all'));
    const refused = await assemble(t.app, token, notZip, { selected: SELECTED });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('INVALID_ARCHIVE');

    // yazl refuses to write a traversal name: write a harmless one of the same length, then swap.
    const safe = await buildZip({ 'zz/escape.ts': 'x\n' });
    const hostile = Buffer.from(
      safe.toString('latin1').replaceAll('zz/escape.ts', '../escape.ts'),
      'latin1',
    );
    const evil = await uploadInChunks(t.app, token, hostile);
    const traversal = await assemble(t.app, token, evil, { selected: ['../escape.ts'] });
    expect(traversal.statusCode).toBe(422);
    expect(traversal.json().detail).toMatch(/escape\.ts/);

    const cleanup = await del(t, `/api/jobs/upload/${notZip}`, token);
    expect(cleanup.statusCode).toBe(200);
    expect((await del(t, `/api/jobs/upload/${notZip}`, token)).statusCode).toBe(404);
  });

  it('enforces the plan: upload size 413, lines per job 403, credits 402', async () => {
    const { access_token: token } = await signUp(t, 'limits@example.com');
    const big = Buffer.alloc(6 * 1024 * 1024, 1);
    const first = await sendChunk(
      t.app,
      token,
      { upload_id: 'big', file_name: 'repo.zip', chunk_index: 0, total_chunks: 2 },
      big,
    );
    expect(first.statusCode).toBe(200);
    const second = await sendChunk(
      t.app,
      token,
      { upload_id: 'big', file_name: 'repo.zip', chunk_index: 1, total_chunks: 2 },
      big,
    );
    expect(second.statusCode).toBe(413);
    expect(second.json().detail).toMatch(/10 MB/);

    const manyLines = 'x\n'.repeat(100_001);
    const tooLong = await uploadInChunks(t.app, token, await buildZip({ 'big.txt': manyLines }));
    const lines = await assemble(t.app, token, tooLong, { selected: ['big.txt'] });
    expect(lines.statusCode).toBe(403);
    expect(lines.json().code).toBe('LINE_LIMIT_EXCEEDED');
    expect(lines.json().detail).toMatch(/exceeds your plan's line count limit/);

    // 100 monthly credits; 90,000 lines cost 45: the third job finds 10 left.
    const costly = await buildZip({ 'a.txt': 'x\n'.repeat(90_000) });
    for (const expected of [200, 200, 402]) {
      const upload = await uploadInChunks(t.app, token, costly);
      const res = await assemble(t.app, token, upload, { selected: ['a.txt'] });
      expect(res.statusCode, res.body).toBe(expected);
      if (expected === 402) {
        expect(res.json()).toMatchObject({
          code: 'INSUFFICIENT_CREDITS',
          credits_needed: 45,
          credits_available: 10,
        });
      }
    }
  });
});
