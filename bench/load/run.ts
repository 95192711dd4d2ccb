// API load: `npm run build && npx tsx bench/load/run.ts [--db pglite|postgres] [--connections 100]
// [--seconds 10] [--routes /auth/me,/api/jobs]`. The built server as its own process (ROLE=all
// on PGlite; ROLE=api on a fresh PostgreSQL database from LOAD_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/test), one signed-in account, then autocannon against each
// route in turn.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createBenchDatabase } from '../postgres-database.js';
import { BenchClient } from '../jobs/api-client.js';
import { ADMIN_TOKEN } from '../jobs/server-process.js';
import { REPO_ROOT } from '../paths.js';

const MAIN = path.join(REPO_ROOT, 'packages', 'server', 'dist', 'main.js');

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  return typeof address === 'object' && address ? address.port : 0;
}

/**
 * CPU seconds the server process has used (user + system, from /proc): on a machine shared with
 * other work, CPU time per request can be judged where wall-clock rates cannot.
 */
async function cpuSeconds(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of the line, in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** CPU seconds of every PostgreSQL process on the machine (the bench database's among them). */
async function postgresCpuSeconds(): Promise<number> {
  let total = 0;
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const comm = await readFile(`/proc/${entry}/comm`, 'utf8').catch(() => '');
    if (comm.trim() === 'postgres') total += await cpuSeconds(Number(entry)).catch(() => 0);
  }
  return total;
}

/** This process's CPU seconds: autocannon runs in it. */
const ownCpuSeconds = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
};

const loadAverage = async () => (await readFile('/proc/loadavg', 'utf8')).split(' ')[0];

const kind = option('db', 'pglite');
const connections = Number(option('connections', '100'));
const seconds = Number(option('seconds', '10'));
const routes = option('routes', '/auth/me,/api/jobs').split(',');
const adminUrl = process.env.LOAD_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const dataDir = await mkdtemp(path.join(tmpdir(), 'repobundle-load-'));
const env: Record<string, string> = {
  DATA_DIR: dataDir,
  ADMIN_TOKEN,
  JWT_SECRET: 'load-bench-jwt-secret-0123456789abcdef',
  LOG_LEVEL: 'warn',
  AUTH_RATE_LIMIT: '100000000',
  WEB_DIST_DIR: path.join(dataDir, 'no-web'),
};
let dropDatabase = async () => undefined as void;
if (kind === 'postgres') {
  const database = await createBenchDatabase(adminUrl, 'repobundle_load');
  env.DATABASE_URL = database.url;
  env.ROLE = 'api';
  dropDatabase = () => database.drop();
}
const port = await freePort();
// BENCH_SERVER_NODE_ARGS adds node flags to the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`.
const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
const child = spawn(process.execPath, [...nodeArgs, MAIN], {
  env: { ...process.env, ...env, PORT: String(port) },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  if (child.exitCode !== null) throw new Error('the server exited during start-up');
  if (
    await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    )
  )
    break;
  if (i > 600) throw new Error('the server did not become ready');
  await new Promise((resolve) => setTimeout(resolve, 100));
}

try {
  const client = new BenchClient(base);
  await client.signUp('load@example.com', 'pro');
  console.log(`load: ${kind}, ${connections} connections, ${seconds} s per route`);
  console.log(
    '| route | requests/s | p50 ms | p90 ms | p99 ms | p99.9 ms | max ms | errors | non-2xx | CPU ms/request: server; PostgreSQL; autocannon | load average |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const route of routes) {
    // A short warm-up, so the figures are of a running server rather than of its first calls.
    await autocannon({
      url: `${base}${route}`,
      connections,
      duration: 2,
      headers: { authorization: `Bearer ${client.token}` },
    });
    const cpuBefore = await cpuSeconds(child.pid!);
    const postgresBefore = await postgresCpuSeconds();
    const ownBefore = ownCpuSeconds();
    const result = await autocannon({
      url: `${base}${route}`,
      connections,
      duration: seconds,
      headers: { authorization: `Bearer ${client.token}` },
    });
    const ownMs = (ownCpuSeconds() - ownBefore) * 1000;
    const cpuMs = ((await cpuSeconds(child.pid!)) - cpuBefore) * 1000;
    const postgresMs = ((await postgresCpuSeconds()) - postgresBefore) * 1000;
    const perRequest = (ms: number) =>
      (result.requests.total > 0 ? ms / result.requests.total : 0).toFixed(2);
    const { latency } = result;
    console.log(
      `| GET ${route} | ${Math.round(result.requests.average)} | ${latency.p50} | ${latency.p90} | ${latency.p99} | ${latency.p99_9} | ${latency.max} | ${result.errors + result.timeouts} | ${result.non2xx} | ${perRequest(cpuMs)}; ${kind === 'postgres' ? perRequest(postgresMs) : '-'}; ${perRequest(ownMs)} | ${await loadAverage()} |`,
    );
  }
} finally {
  child.kill('SIGTERM');
  await once(child, 'exit');
  await dropDatabase();
  await rm(dataDir, { recursive: true, force: true });
}
