import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot, webDist } from './build-web.js';

const MAIN = join(repoRoot, 'packages', 'server', 'src', 'main.ts');

/** Whether the API server has an entry point to start (it is built in parallel with the web app). */
export const serverAvailable = existsSync(MAIN);

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/**
 * Starts the real server (embedded database in a temporary DATA_DIR, mail through the given SMTP
 * port or, with none, into the server's outbox, the built web app) and waits until /healthz
 * answers.
 */
export async function startRealServer(
  smtpPort: number | null,
  /** More environment for the server (ADMIN_TOKEN, another WEB_DIST_DIR...), applied last. */
  extraEnv: Record<string, string> = {},
): Promise<{ url: string; logs: string[]; stop(): Promise<void> }> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'repobundle-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  const logs: string[] = [];
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
      DATA_DIR: dataDir,
      ...(smtpPort === null ? {} : { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` }),
      WEB_DIST_DIR: webDist,
      AUTH_RATE_LIMIT: '1000',
      NODE_ENV: 'test',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => logs.push(chunk.toString()));

  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`server exited with ${child.exitCode}:\n${logs.join('')}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (Date.now() >= deadline) throw new Error(`server did not start:\n${logs.join('')}`);

  return {
    url,
    logs,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
