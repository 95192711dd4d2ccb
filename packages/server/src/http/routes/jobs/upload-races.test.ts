import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  buildZip,
  multipartBody,
  sendChunk,
  uploadInChunks,
} from '../../../../test/test-support/jobs.js';
import { createTestApp, signUp, type TestApp } from '../../../../test/test-support/test-app.js';
import {
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from '../../../../test/test-support/test-database.js';

const MB = 1024 * 1024;

/** Bytes of every file under a folder (0 when it does not exist). */
async function bytesUnder(dir: string): Promise<number> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  let total = 0;
  for (const entry of entries) {
    const path = join(entry.parentPath, entry.name);
    total += entry.isDirectory() ? await bytesUnder(path) : (await stat(path)).size;
  }
  return total;
}

describe.each(databaseKinds())('uploads under concurrent requests on %s', (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  let baseUrl: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    t = await createTestApp(database);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    // Refused chunks are answered before their bodies are read: those sockets are not idle.
    t.app.server.closeAllConnections();
    await t.app.close();
    await database.destroy();
  });
  beforeEach(async () => {
    await database.reset();
    t.mail.length = 0;
  });

  async function count(query: string): Promise<number> {
    const { rows } = await sql.raw<{ n: number }>(query).execute(database.handle.db);
    return Number(rows[0]?.n ?? 0);
  }

  it('five identical assemble requests at once make one job and one charge', async () => {
    const { access_token: token } = await signUp(t, 'replay@example.com');
    const archive = await buildZip({ 'src/a.ts': 'export const a = 1;\n' });
    const uploadId = await uploadInChunks(t.app, token, archive);
    const body = JSON.stringify({
      upload_id: uploadId,
      file_name: 'repo.zip',
      total_chunks: 1,
      output_format: 'md',
      selected: ['src/a.ts'],
    });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        fetch(`${baseUrl}/api/jobs/assemble`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body,
        }).then(async (res) => ({ status: res.status, body: (await res.json()) as never })),
      ),
    );
    // A request that arrives once the job exists is answered with that job, as a replay is.
    const created = answers.filter((answer) => answer.status === 200);
    const jobIds = new Set(created.map((answer) => (answer.body as { job_id: string }).job_id));
    expect(jobIds.size, JSON.stringify(answers)).toBe(1);
    for (const answer of answers.filter((a) => a.status !== 200)) {
      expect([409, 404]).toContain(answer.status);
      expect(answer.body).toHaveProperty('detail');
    }
    expect(await count('select count(*) as n from jobs')).toBe(1);
    expect(
      await count(`select count(*) as n from credit_transactions where type = 'reservation'`),
    ).toBe(1);

    // Sent again once the job exists: the same job, still one charge; and no more chunks.
    const again = await fetch(`${baseUrl}/api/jobs/assemble`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body,
    });
    expect(again.status).toBe(200);
    const jobId = (created[0]!.body as { job_id: string }).job_id;
    expect(((await again.json()) as { job_id: string }).job_id).toBe(jobId);
    expect(await count('select count(*) as n from jobs')).toBe(1);
    const late = await sendChunk(
      t.app,
      token,
      { upload_id: uploadId, file_name: 'repo.zip', chunk_index: 0, total_chunks: 1 },
      archive,
    );
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('UPLOAD_ASSEMBLING');
  });

  it("four parallel 8 MB chunks of one upload cannot pass the free plan's 10 MB", async () => {
    const { access_token: token } = await signUp(t, 'parallel@example.com');
    const chunk = new Uint8Array(8 * MB).fill(7);
    const answers = await Promise.all(
      [0, 1, 2, 3].map(async (index) => {
        const { body, contentType } = await multipartBody(
          {
            upload_id: 'big-one',
            file_name: 'big.zip',
            chunk_index: String(index),
            total_chunks: '4',
          },
          { name: 'chunk', bytes: chunk },
        );
        const res = await fetch(`${baseUrl}/api/jobs/chunk`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
          body,
        });
        return { status: res.status, body: (await res.json()) as { code?: string } };
      }),
    );
    const refused = answers.filter((answer) => answer.status === 413);
    expect(refused.length, JSON.stringify(answers)).toBeGreaterThanOrEqual(3);
    for (const answer of refused) expect(answer.body.code).toBe('PAYLOAD_TOO_LARGE');
    expect(
      await count(
        `select coalesce(sum(size), 0) as n from upload_chunks where upload_id = 'big-one'`,
      ),
    ).toBeLessThanOrEqual(10 * MB);
    expect(await bytesUnder(join(t.config.dataDir, 'storage', 'uploads'))).toBeLessThanOrEqual(
      10 * MB,
    );
  });

  it('caps the number of unfinished uploads a user keeps', async () => {
    const { access_token: token } = await signUp(t, 'parked@example.com');
    for (let n = 0; n < 10; n++) {
      const res = await sendChunk(
        t.app,
        token,
        { upload_id: `parked-${n}`, file_name: 'a.zip', chunk_index: 0, total_chunks: 2 },
        Buffer.from('PK'),
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    const eleventh = await sendChunk(
      t.app,
      token,
      { upload_id: 'parked-10', file_name: 'a.zip', chunk_index: 0, total_chunks: 2 },
      Buffer.from('PK'),
    );
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json()).toEqual({
      code: 'TOO_MANY_UPLOADS',
      detail:
        'You have 10 unfinished uploads. Finish or delete one (abandoned ones expire after a day) before starting another.',
    });
    // An upload already started still takes its remaining chunks.
    const more = await sendChunk(
      t.app,
      token,
      { upload_id: 'parked-0', file_name: 'a.zip', chunk_index: 1, total_chunks: 2 },
      Buffer.from('PK'),
    );
    expect(more.statusCode).toBe(200);
  });

  it('caps the bytes of unfinished uploads at twice the plan limit', async () => {
    const { access_token: token } = await signUp(t, 'parkedbytes@example.com');
    const nine = new Uint8Array(9 * MB).fill(1);
    for (const id of ['first', 'second']) {
      const res = await sendChunk(
        t.app,
        token,
        { upload_id: id, file_name: 'a.zip', chunk_index: 0, total_chunks: 2 },
        nine,
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    const third = await sendChunk(
      t.app,
      token,
      { upload_id: 'third', file_name: 'a.zip', chunk_index: 0, total_chunks: 1 },
      new Uint8Array(3 * MB).fill(2),
    );
    expect(third.statusCode).toBe(413);
    expect(third.json().detail).toBe(
      'Your unfinished uploads may hold at most 20 MB together. Finish or delete one first.',
    );
  });
});
