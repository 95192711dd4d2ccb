import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Storage } from '../../src/adapters/storage/s3-storage.js';
import { parseStorageUrl } from '../../src/adapters/storage/s3-url.js';
import {
  startS3Server,
  type S3TestServer,
} from '../../src/adapters/storage/test-support/s3-server.js';
import { httpClient, type Body } from '../test-support/http-client.js';
import { freePort } from '../test-support/server-process.js';
import { TEST_ADMIN_TOKEN, TEST_JWT_SECRET } from '../test-support/test-app.js';

/**
 * The scaled deployment for real: 2 API and 2 worker processes of the built server
 * (`node packages/server/dist/main.js`) on a fresh PostgreSQL database and an S3 server. Jobs go
 * in through both APIs; one worker is killed with SIGKILL and another stopped with SIGTERM while
 * each runs a job, and fresh workers take over. Every job must succeed and be charged once, the
 * ledger must balance, and deleted jobs must leave nothing in the bucket.
 *
 * Run by .ci/run with CLUSTER_DATABASE_URL (a PostgreSQL URL whose user may create databases).
 */
const ADMIN_URL = process.env.CLUSTER_DATABASE_URL;
const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
const JOBS = 30;

interface Proc {
  name: string;
  dataDir: string;
  child: ChildProcess;
  output: () => string;
  url: string;
}

async function waitUntilUp(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`exited early: ${output()}`);
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    if (Date.now() > deadline) throw new Error(`not up: ${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function startProcess(name: string, role: 'api' | 'worker', env: Record<string, string>) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), `repobundle-${name}-`));
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      ...env,
      ROLE: role,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...(role === 'api' ? { PORT: String(port) } : { HEALTH_PORT: String(port) }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (data: Buffer) => (output += data.toString()));
  child.stderr?.on('data', (data: Buffer) => (output += data.toString()));
  const url = `http://127.0.0.1:${port}`;
  await waitUntilUp(`${url}${role === 'api' ? '/readyz' : '/healthz'}`, child, () => output);
  return { name, dataDir, child, output: () => output, url } satisfies Proc;
}

async function signal(proc: Proc, name: NodeJS.Signals): Promise<number> {
  const started = Date.now();
  if (proc.child.exitCode === null && proc.child.signalCode === null) {
    const exited = once(proc.child, 'exit');
    proc.child.kill(name);
    await exited;
  }
  return (Date.now() - started) / 1000;
}

/** A repository large enough that a job runs for a second or more on a busy machine. */
function repository(seed: number): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < 120; i++) {
    const lines = Array.from(
      { length: 150 },
      (_, j) => `export const v_${seed}_${i}_${j} = ${(seed * 31 + i * 7919 + j) % 100003};`,
    );
    files[`src/m${i}.ts`] = `${lines.join('\n')}\n`;
  }
  return files;
}

describe.runIf(ADMIN_URL)('a cluster of 2 API and 2 worker processes', () => {
  const databaseName = `repobundle_cluster_${Date.now()}_${process.pid}`;
  let admin: pg.Client;
  let db: pg.Client;
  let s3: S3TestServer;
  let storageUrl: string;
  const procs: Proc[] = [];
  let env: Record<string, string>;

  beforeAll(async () => {
    if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: build the server first`);
    admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    const url = new URL(ADMIN_URL!);
    url.pathname = `/${databaseName}`;
    s3 = await startS3Server();
    await s3.createBucket('cluster');
    storageUrl = `s3://S3RVER:S3RVER@cluster?endpoint=${encodeURIComponent(s3.endpoint)}&region=us-east-1&force_path_style=true`;
    env = {
      DATABASE_URL: url.toString(),
      STORAGE_URL: storageUrl,
      JWT_SECRET: TEST_JWT_SECRET,
      ADMIN_TOKEN: TEST_ADMIN_TOKEN,
      AUTH_RATE_LIMIT: '100000',
      JOB_STALE_SECONDS: '3',
      SWEEP_INTERVAL_SECONDS: '1',
      SHUTDOWN_GRACE_SECONDS: '1',
      WORKER_CONCURRENCY: '1',
      DATABASE_POOL_SIZE: '4',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: join(tmpdir(), 'repobundle-no-web'),
    };
    // The first API migrates; the others find the schema in place.
    procs.push(await startProcess('api-1', 'api', env));
    const rest = await Promise.all([
      startProcess('api-2', 'api', env),
      startProcess('worker-1', 'worker', env),
      startProcess('worker-2', 'worker', env),
    ]);
    procs.push(...rest);
    db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
  }, 120_000);

  afterAll(async () => {
    await Promise.all(procs.map((proc) => signal(proc, 'SIGKILL')));
    for (const proc of procs) rmSync(proc.dataDir, { recursive: true, force: true });
    await db?.end();
    await s3?.stop();
    if (admin) {
      await admin.query(`drop database if exists ${databaseName} with (force)`);
      await admin.end();
    }
  });

  /** The worker process running a job now, by the pid in the job's worker_id. */
  async function busyWorker(candidates: Proc[]): Promise<Proc> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const { rows } = await db.query<{ worker_id: string }>(
        `select worker_id from jobs where status = 'processing' and worker_id is not null`,
      );
      const pids = new Set(rows.map((row) => Number(row.worker_id.split(':').at(-1))));
      const busy = candidates.find((proc) => pids.has(proc.child.pid ?? -1));
      if (busy) return busy;
      if (Date.now() > deadline) throw new Error('no worker got busy');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('runs every job once through crashes and shutdowns, with a balanced ledger', async () => {
    const [api1, api2, worker1, worker2] = procs as [Proc, Proc, Proc, Proc];
    const clients = [httpClient(() => api1.url), httpClient(() => api2.url)] as const;
    const users = await Promise.all(
      [0, 1, 2].map((i) => clients[i % 2]!.signUp(`cluster-${i}@example.com`, 'pro')),
    );
    // Every job through one API or the other, for three users.
    const jobs: Array<{ id: string; token: string }> = [];
    for (let i = 0; i < JOBS; i++) {
      const token = users[i % users.length]!;
      jobs.push({ id: await clients[i % 2]!.createJob(token, repository(i)), token });
    }

    // Faults while jobs run: a crash, then a graceful stop; two fresh workers take over.
    const killed = await busyWorker([worker1, worker2]);
    await signal(killed, 'SIGKILL');
    const other = killed === worker1 ? worker2 : worker1;
    procs.push(await startProcess('worker-3', 'worker', env));
    const stopped = await busyWorker([other]);
    const stopSeconds = await signal(stopped, 'SIGTERM');
    expect(stopSeconds, stopped.output()).toBeLessThan(15);
    expect(stopped.child.exitCode, stopped.output()).toBe(0);
    procs.push(await startProcess('worker-4', 'worker', env));

    const finished: Body[] = [];
    for (const [index, job] of jobs.entries()) {
      const done = await clients[index % 2]!.waitForJob(
        job.token,
        job.id,
        (body) => body.status === 'succeeded' || body.status === 'failed',
        180_000,
      );
      finished.push(done);
    }
    expect(finished.map((job) => job.status)).toEqual(Array(JOBS).fill('succeeded'));
    for (const job of finished) {
      expect(job.file_count).toBe(120);
      expect(job.errors).toEqual([]);
    }

    // Charged once each: one reservation and one usage row per job, nothing held.
    const { rows: ledger } = await db.query<{ job_id: string; type: string; n: string }>(
      `select job_id, type, count(*) as n from credit_transactions
        where job_id is not null group by job_id, type`,
    );
    for (const job of jobs) {
      const rows = ledger.filter((row) => row.job_id === job.id);
      expect(rows.find((row) => row.type === 'reservation')?.n, job.id).toBe('1');
      expect(rows.find((row) => row.type === 'usage')?.n, job.id).toBe('1');
    }
    const { rows: balances } = await db.query<{ balance: number; reserved: number; sum: number }>(
      `select b.balance, b.reserved,
              (select coalesce(sum(amount), 0)::integer from credit_transactions t
                where t.user_id = b.user_id and t.credit_type = b.credit_type) as sum
         from credit_balances b`,
    );
    for (const row of balances) {
      expect(row.balance).toBe(row.sum);
      expect(row.reserved).toBe(0);
    }
    const { rows: claimed } = await db.query<{ worker_id: string | null }>(
      `select worker_id from jobs`,
    );
    expect(claimed.every((row) => row.worker_id !== null)).toBe(true);

    // Deleted jobs leave nothing in the bucket; the live outputs of the others stay.
    const storage = new S3Storage(parseStorageUrl(storageUrl));
    for (const [index, job] of jobs.slice(0, 5).entries()) {
      const res = await clients[index % 2]!.call(
        `/api/jobs/${job.id}?confirmation_digits=${job.id.slice(-5)}`,
        { method: 'DELETE', token: job.token },
      );
      expect(res.status).toBe(200);
      expect(await storage.list(`jobs/${job.id}`)).toEqual([]);
    }
    const kept = await storage.list(`jobs/${jobs[5]!.id}`);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.every((object) => object.key.includes('/attempts/'))).toBe(true);
  }, 400_000);
});
