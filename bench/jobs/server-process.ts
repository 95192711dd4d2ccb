import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../paths.js';
import { createBenchDatabase } from '../postgres-database.js';
import { watchTreeRss } from '../process-tree-rss.js';

const MAIN = path.join(REPO_ROOT, 'packages', 'server', 'dist', 'main.js');
export const ADMIN_TOKEN = 'bench-admin-token-0123456789';

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  return typeof address === 'object' && address ? address.port : 0;
}

export interface BenchServer {
  url: string;
  /** Peak resident memory of the server process (worker threads included) so far. */
  peakRss(): number;
  stop(): Promise<void>;
}

/**
 * The built server (`npm run build`) as its own process (ROLE=all: API and job worker) on a fresh
 * database: the embedded one (PGlite, in the server's own memory) or, with `postgresUrl`, a new
 * database on that PostgreSQL server, dropped at stop.
 */
export async function startBenchServer(postgresUrl?: string): Promise<BenchServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'repobundle-bench-'));
  const port = await freePort();
  const database = postgresUrl
    ? await createBenchDatabase(postgresUrl, 'repobundle_jobs')
    : undefined;
  // BENCH_SERVER_NODE_ARGS adds node flags to the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`;
  // BENCH_SERVER_LOG_LEVEL=info prints each job stage's time.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, MAIN], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_TOKEN,
      LOG_LEVEL: process.env.BENCH_SERVER_LOG_LEVEL ?? 'warn',
      AUTH_RATE_LIMIT: '10000',
      ...(database && {
        DATABASE_URL: database.url,
        JWT_SECRET: 'jobs-bench-jwt-secret-0123456789abcdef',
      }),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error('the server exited during start-up');
    if (
      await fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 600) throw new Error('the server did not become ready');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const rss = watchTreeRss(child.pid as number, 100);
  let peak = 0;
  return {
    url,
    peakRss: () => Math.max(peak, rss.peakSoFar()),
    async stop() {
      peak = rss.stop();
      child.kill('SIGTERM');
      await once(child, 'exit');
      await database?.drop();
    },
  };
}
