import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient } from '../../test/test-support/http-client.js';
import { startServerProcess, type ServerProcess } from '../../test/test-support/server-process.js';
import { TEST_ADMIN_TOKEN, TEST_JWT_SECRET } from '../../test/test-support/test-app.js';
import {
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from '../../test/test-support/test-database.js';

const CLIENTS = 40;
const SIGN_INS = 40;
const paths = ['/auth/me', '/api/jobs'];

/** One request over `agent` (node:http, so it is sent on a connection of that agent's). */
function send(
  agent: Agent,
  method: string,
  url: string,
  body?: string,
  signal?: AbortSignal,
): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request(
      url,
      {
        agent,
        method,
        headers: body ? { 'content-type': 'application/json' } : {},
        ...(signal ? { signal } : {}),
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.name));
    req.end(body);
  });
}

/** What one request came to: a status, or the network error of a refused connection. */
type Outcome = { startedBeforeSignal: boolean; status: number | string };

/**
 * An API process (ROLE=api) for the describe block it is called in: started before its tests on
 * a database of its own, killed after them if a test has not stopped it.
 */
function useApiProcess(kind: 'pglite' | 'postgres') {
  let database: TestDatabase | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'repobundle-drain-'));
  const state: { server?: ServerProcess } = {};
  beforeAll(async () => {
    // PostgreSQL: a database of the test's own; the embedded one lives in DATA_DIR.
    if (kind === 'postgres') database = await createTestDatabase(kind);
    state.server = await startServerProcess({
      DATA_DIR: dataDir,
      ROLE: 'api',
      JWT_SECRET: TEST_JWT_SECRET,
      ADMIN_TOKEN: TEST_ADMIN_TOKEN,
      AUTH_RATE_LIMIT: '1000000',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: join(dataDir, 'no-web'),
      ...(database?.url ? { DATABASE_URL: database.url } : {}),
    });
  }, 120_000);
  afterAll(async () => {
    await state.server?.kill();
    await database?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    server: () => state.server!,
    client: httpClient(() => state.server!.url),
  };
}

/**
 * SIGTERM on an API process under load: it stops accepting, lets every request it already has
 * finish, and only then closes the database. No request may end in a 500 (a query on a closed
 * database), and the process exits 0.
 */
describe.each(databaseKinds())('an API process stopped under load on %s', (kind) => {
  const api = useApiProcess(kind);

  it('finishes the requests in flight and answers none with a 500', async () => {
    const token = await api.client.signUp('drain@example.com');
    const server = api.server();
    const url = server.url;
    const outcomes: Outcome[] = [];
    let signalled = false;
    let refused = false;
    const lane = async () => {
      while (!refused) {
        const startedBeforeSignal = !signalled;
        try {
          const res = await fetch(`${url}${paths[outcomes.length % 2]}`, {
            headers: { authorization: `Bearer ${token}` },
          });
          await res.text();
          outcomes.push({ startedBeforeSignal, status: res.status });
        } catch (error) {
          // The listener is closed: new connections are refused.
          outcomes.push({ startedBeforeSignal, status: (error as Error).name });
          if (signalled) refused = true;
        }
      }
    };
    const lanes = Array.from({ length: CLIENTS }, () => lane());
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    // Sign-ins in flight at the signal (each a password check, then a write), each on a
    // connection the server has already accepted. Half of their clients go away, as a load
    // test's do when it ends: the server still runs those while it shuts down. The other half
    // wait, and must get an answer: their own (401), or 503 if the server read them only after
    // it began closing; never a reset.
    const leaving = new AbortController();
    const agents = Array.from(
      { length: SIGN_INS },
      () => new Agent({ keepAlive: true, maxSockets: 1 }),
    );
    // Each connection accepted and answered once before the sign-ins go out on it.
    expect(await Promise.all(agents.map((agent) => send(agent, 'GET', `${url}/healthz`)))).toEqual(
      Array(SIGN_INS).fill(200),
    );
    const signIns = agents.map((agent, n) =>
      send(
        agent,
        'POST',
        `${url}/auth/login`,
        JSON.stringify({ email: `nobody${n}@example.com`, password: 'Wrong#Guess42x' }),
        n % 2 === 0 ? leaving.signal : undefined,
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    const exited = new Promise<number | null>((resolve) => server.child.once('exit', resolve));
    signalled = true;
    leaving.abort();
    server.child.kill('SIGTERM');
    const signalledAt = Date.now();
    const code = await exited;
    const stopMs = Date.now() - signalledAt;
    refused = true;
    await Promise.all(lanes);
    const signInAnswers = await Promise.all(signIns);
    for (const agent of agents) agent.destroy();
    const waited = signInAnswers.filter((_, n) => n % 2 === 1);
    expect(waited.filter((status) => status !== 401 && status !== 503)).toEqual([]);
    expect(waited).toContain(401);
    for (const status of signInAnswers) outcomes.push({ startedBeforeSignal: true, status });

    const statuses = new Map<number | string, number>();
    for (const { status } of outcomes) statuses.set(status, (statuses.get(status) ?? 0) + 1);
    console.log(`drain on ${kind}: stopped in ${stopMs} ms;`, Object.fromEntries(statuses));
    expect(outcomes.filter((o) => o.status === 200).length).toBeGreaterThan(0);
    expect(
      outcomes.filter((o) => typeof o.status === 'number' && o.status >= 500 && o.status !== 503),
    ).toEqual([]);
    // Nothing failed inside either, answered or not (a query on a closed database logs an error).
    expect(server.output()).not.toMatch(/driver has already been destroyed|"level":50/);
    expect(code).toBe(0);
    // Kept-alive connections are closed once their answer is out, not left to time out.
    expect(stopMs).toBeLessThan(20_000);
  }, 120_000);
});

/**
 * A load test's end: every client goes away at once while its requests are still being worked
 * on, and the process is stopped. The requests have no one to answer, yet their work still runs
 * to its end before the database closes.
 */
describe.each(databaseKinds())('an API process stopped as all its clients leave on %s', (kind) => {
  const api = useApiProcess(kind);

  it('lets the work of requests whose clients left end before the database closes', async () => {
    const token = await api.client.signUp('left@example.com');
    const server = api.server();
    const url = server.url;
    const agents = Array.from({ length: 100 }, () => new Agent({ keepAlive: true, maxSockets: 1 }));
    const leaving = new AbortController();
    // A hundred clients asking as fast as they are answered, as a load test does, until they
    // all go away at once.
    const lanes = agents.map(async (agent) => {
      while (!leaving.signal.aborted) {
        await new Promise<void>((resolve) => {
          const req = request(
            `${url}/api/jobs`,
            { agent, headers: { authorization: `Bearer ${token}` }, signal: leaving.signal },
            (res) => {
              res.resume();
              res.on('end', resolve);
              res.on('error', () => resolve());
            },
          );
          req.on('error', () => resolve());
          req.end();
        });
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const exited = new Promise<number | null>((resolve) => server.child.once('exit', resolve));
    leaving.abort();
    // The stop comes just after they left, as a load test's end is followed by the next step.
    await new Promise((resolve) => setTimeout(resolve, 5));
    server.child.kill('SIGTERM');
    const code = await exited;
    await Promise.all(lanes);
    for (const agent of agents) agent.destroy();
    expect(server.output()).not.toMatch(/driver has already been destroyed|"level":50/);
    expect(code).toBe(0);
  }, 120_000);
});
