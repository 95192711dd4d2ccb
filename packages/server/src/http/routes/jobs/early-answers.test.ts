import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../../../../test/test-support/jobs.js';
import { createTestApp, signUp, type TestApp } from '../../../../test/test-support/test-app.js';
import {
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from '../../../../test/test-support/test-database.js';

const MB = 1024 * 1024;
/** Far above what an answer takes here; a request still open then is unanswered. */
const UNANSWERED_AFTER_MS = 15_000;

/** One request over `agent` (node:http: the agent keeps one connection, as a browser would). */
function send(
  agent: Agent,
  path: string,
  base: string,
  options: { method?: string; headers?: Record<string, string>; body?: Buffer } = {},
): Promise<number | string> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('unanswered'), UNANSWERED_AFTER_MS);
    const req = request(
      `${base}${path}`,
      { agent, method: options.method ?? 'GET', headers: options.headers ?? {} },
      (res) => {
        res.resume();
        res.on('end', () => {
          clearTimeout(timer);
          resolve(res.statusCode ?? 0);
        });
      },
    );
    // The server may close the connection after answering early: not this request's failure.
    req.on('error', () => undefined);
    req.end(options.body);
  });
}

/**
 * A chunk refused before its body is read (over the plan's limit, too many uploads, ...) is
 * answered at once, and the connection it came on does not hang the next request: the server
 * closes it rather than leave a half-read body in its way.
 */
describe.each(databaseKinds())('a chunk refused early on %s', (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    t = await createTestApp(database);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    t.app.server.closeAllConnections();
    await t.app.close();
    await database.destroy();
  });

  it('leaves the connection usable for the next request', async () => {
    const { access_token: token } = await signUp(t, 'early@example.com');
    const auth = { authorization: `Bearer ${token}` };
    const chunk = async (index: number) => {
      const { body, contentType } = await multipartBody(
        { upload_id: 'big', file_name: 'repo.zip', chunk_index: String(index), total_chunks: '2' },
        { name: 'chunk', bytes: new Uint8Array(8 * MB) },
      );
      return { body, headers: { ...auth, 'content-type': contentType } };
    };
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect(
        await send(agent, '/api/jobs/chunk', base, { method: 'POST', ...(await chunk(0)) }),
      ).toBe(200);
      // The free plan's 10 MB: the second 8 MB chunk is refused before most of it is read.
      expect(
        await send(agent, '/api/jobs/chunk', base, { method: 'POST', ...(await chunk(1)) }),
      ).toBe(413);
      expect(await send(agent, '/auth/me', base, { headers: auth })).toBe(200);
    } finally {
      agent.destroy();
    }
  }, 60_000);
});

describe('a request whose client stalls', () => {
  let database: TestDatabase;
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    t = await createTestApp(database, { timeouts: { requestMs: 1_000, uploadMs: 1_000 } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    t.app.server.closeAllConnections();
    await t.app.close();
    await database.destroy();
  });

  it('is answered when the server-side time limit passes, not left open', async () => {
    const { access_token: token } = await signUp(t, 'stall@example.com');
    const { body, contentType } = await multipartBody(
      { upload_id: 'slow', file_name: 'repo.zip', chunk_index: '0', total_chunks: '1' },
      { name: 'chunk', bytes: new Uint8Array(4 * MB) },
    );
    const answer = await new Promise<{ status: number; body: string } | 'unanswered'>((resolve) => {
      const timer = setTimeout(() => resolve('unanswered'), UNANSWERED_AFTER_MS);
      const req = request(
        `${base}/api/jobs/chunk`,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': contentType,
            'content-length': String(body.length),
          },
        },
        (res) => {
          let text = '';
          res.on('data', (data: Buffer) => (text += data.toString()));
          res.on('end', () => {
            clearTimeout(timer);
            resolve({ status: res.statusCode ?? 0, body: text });
          });
        },
      );
      req.on('error', () => undefined);
      // A first part of the body, then nothing more: a client gone quiet mid-upload.
      req.write(body.subarray(0, MB));
    });
    expect(answer).toEqual({
      status: 503,
      body: JSON.stringify({
        detail: 'The request took too long and was stopped. Please try again.',
        code: 'REQUEST_TIMEOUT',
      }),
    });
  }, 60_000);
});
