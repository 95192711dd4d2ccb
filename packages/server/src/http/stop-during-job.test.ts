import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { httpClient, sizeableRepository } from '../../test/test-support/http-client.js';
import { startServerProcess, type ServerProcess } from '../../test/test-support/server-process.js';
import { TEST_ADMIN_TOKEN, TEST_JWT_SECRET } from '../../test/test-support/test-app.js';

const GRACE_SECONDS = 8;
const SIGN_INS = 12;

interface Answer {
  status: number | string;
  connection?: string | undefined;
}

/** One request over `agent`: its status and Connection header, or its network error's code. */
function send(agent: Agent, method: string, url: string, body?: string): Promise<Answer> {
  return new Promise((resolve) => {
    const req = request(
      url,
      { agent, method, headers: body ? { 'content-type': 'application/json' } : {} },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }),
        );
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ status: error.code ?? error.name }),
    );
    req.end(body);
  });
}

const refusedOrUnavailable = (answer: Answer) =>
  answer.status === 'ECONNREFUSED' ||
  answer.status === 'ECONNRESET' ||
  (answer.status === 503 && answer.connection === 'close');

/**
 * ROLE=all (API and worker in one process) stopped with SIGTERM while a job runs: the worker
 * keeps its grace period for the job, but the HTTP side stops taking requests at once, so a
 * balancer moves new ones to another process instead of to one that is going away. Requests it
 * had already received are answered; the database closes only after them.
 */
describe('ROLE=all stopped with SIGTERM while a job runs', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'repobundle-stop-all-'));
  let server: ServerProcess | undefined;
  const client = httpClient(() => server!.url);
  afterAll(async () => {
    await server?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses new requests during the worker grace and answers those in flight', async () => {
    server = await startServerProcess({
      DATA_DIR: dataDir,
      ROLE: 'all',
      JWT_SECRET: TEST_JWT_SECRET,
      ADMIN_TOKEN: TEST_ADMIN_TOKEN,
      AUTH_RATE_LIMIT: '1000000',
      SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS),
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: join(dataDir, 'no-web'),
    });
    const url = server.url;
    const token = await client.signUp('stop-all@example.com');
    const jobId = await client.createJob(token, sizeableRepository());
    await client.waitForJob(token, jobId, (job) => job.status === 'processing');

    // Connections accepted and answered once before the signal.
    const early = new Agent({ keepAlive: true, maxSockets: 1 });
    const signIns = Array.from({ length: SIGN_INS }, () => new Agent({ keepAlive: true }));
    const agents = [early, ...signIns];
    try {
      for (const agent of agents)
        expect((await send(agent, 'GET', `${url}/healthz`)).status).toBe(200);
      // In flight at the signal: sign-ins (each a password check, then a write), and a long poll
      // on the running job, which must end early rather than hold the stop for its whole wait.
      const inFlight = signIns.map((agent, n) =>
        send(
          agent,
          'POST',
          `${url}/auth/login`,
          JSON.stringify({ email: `nobody${n}@example.com`, password: 'Wrong#Guess42x' }),
        ),
      );
      const longPoll = fetch(`${url}/api/jobs/${jobId}?wait=60`, {
        headers: { authorization: `Bearer ${token}` },
      }).then(
        (res) => res.status,
        (error: Error) => error.name,
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      const exited = new Promise<number | null>((resolve) => server!.child.once('exit', resolve));
      server.child.kill('SIGTERM');
      const signalledAt = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 1_500));

      // Within the grace, with the job still running: a new connection is not served...
      const fresh = await send(new Agent(), 'GET', `${url}/healthz`);
      expect(refusedOrUnavailable(fresh), JSON.stringify(fresh)).toBe(true);
      // ...nor a new request on a connection accepted before the signal.
      const reused = await send(early, 'GET', `${url}/api/jobs`);
      expect(refusedOrUnavailable(reused), JSON.stringify(reused)).toBe(true);
      // The long poll came back early, with the job as it stood.
      expect(await longPoll).toBe(200);
      expect(Date.now() - signalledAt).toBeLessThan(GRACE_SECONDS * 1000);
      // The requests received before the signal were answered, each with its own answer.
      expect((await Promise.all(inFlight)).map((a) => a.status)).toEqual(Array(SIGN_INS).fill(401));

      const code = await exited;
      expect(code, server.output()).toBe(0);
      // The worker had its grace: the process stops when it is over, not much later.
      expect(Date.now() - signalledAt).toBeLessThan((GRACE_SECONDS + 10) * 1000);
      expect(server.output()).not.toMatch(/driver has already been destroyed|"level":50/);
    } finally {
      for (const agent of agents) agent.destroy();
    }
  }, 180_000);
});
