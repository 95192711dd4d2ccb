import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient } from '../../../../test/test-support/http-client.js';
import { buildZip, readZip } from '../../../../test/test-support/jobs.js';
import {
  startServerProcess,
  type ServerProcess,
} from '../../../../test/test-support/server-process.js';
import { TEST_ADMIN_TOKEN, TEST_JWT_SECRET } from '../../../../test/test-support/test-app.js';

const SCRIPT = fileURLToPath(
  new URL('../../../../../../docs/examples/bundle-zip.mjs', import.meta.url),
);
const run = promisify(execFile);

// The script docs/api.md shows, run as a person would: its own Node process, against the real
// server in its own process, with nothing but an API key.
describe('the API example script', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'repobundle-api-example-'));
  let server: ServerProcess | undefined;
  const client = httpClient(() => server!.url);

  beforeAll(async () => {
    server = await startServerProcess({
      DATA_DIR: dataDir,
      JWT_SECRET: TEST_JWT_SECRET,
      ADMIN_TOKEN: TEST_ADMIN_TOKEN,
      AUTH_RATE_LIMIT: '10000',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: join(dataDir, 'no-web'),
    });
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates a job from a ZIP with a key, waits for it and saves its outputs', async () => {
    const session = await client.signUp('script@example.com', 'free');
    const created = await client.call('/api/keys', {
      method: 'POST',
      token: session,
      body: JSON.stringify({ name: 'script', scope: 'jobs' }),
    });
    expect(created.status).toBe(201);
    const archive = join(dataDir, 'repo.zip');
    const output = join(dataDir, 'bundle.zip');
    writeFileSync(
      archive,
      await buildZip({
        'src/index.ts': 'export const answer = 42;\n',
        'README.md': '# Example\n',
      }),
    );

    const { stdout } = await run(process.execPath, [SCRIPT, archive, output], {
      env: {
        ...process.env,
        REPOBUNDLE_URL: server!.url,
        REPOBUNDLE_API_KEY: created.body.key as string,
      },
      timeout: 90_000,
    });
    expect(stdout).toMatch(/^job [0-9a-f-]{36}: 1 credits reserved$/m);
    expect(stdout).toMatch(/^\d+ tokens in 1 chunks: .*bundle\.zip$/m);
    const files = await readZip(readFileSync(output));
    expect(Object.keys(files)).toContain('overview.md');
    expect(Object.values(files).join('\n')).toContain('export const answer = 42;');
  });

  it('fails with the server’s reason when the key may not create jobs', async () => {
    const session = await client.signUp('reader-script@example.com', 'free');
    const created = await client.call('/api/keys', {
      method: 'POST',
      token: session,
      body: JSON.stringify({ name: 'reader', scope: 'read' }),
    });
    const archive = join(dataDir, 'small.zip');
    writeFileSync(archive, await buildZip({ 'a.txt': 'a\n' }));
    const failed = await run(process.execPath, [SCRIPT, archive, join(dataDir, 'x.zip')], {
      env: {
        ...process.env,
        REPOBUNDLE_URL: server!.url,
        REPOBUNDLE_API_KEY: created.body.key as string,
      },
    }).catch((error: { code: number; stderr: string }) => error);
    expect('code' in failed && failed.code).toBe(1);
    expect((failed as { stderr: string }).stderr).toMatch(/403 INSUFFICIENT_SCOPE/);
  });
});
