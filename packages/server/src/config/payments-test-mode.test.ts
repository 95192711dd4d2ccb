import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startServerProcess } from '../../test/test-support/server-process.js';

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));

describe('local test-mode payments on a deployed address (the real server process)', () => {
  it('refuses to start, saying why on stderr', async () => {
    const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', MAIN], {
      env: {
        ...process.env,
        APP_URL: 'https://bundle.example',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'repobundle-paytest-')),
        PORT: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(1);
    expect(stderr).toContain('payments would run in local test mode');
  }, 60_000);

  it('starts with PAYMENTS_TEST_MODE=on and warns loudly in its log', async () => {
    const server = await startServerProcess({
      APP_URL: 'https://bundle.example',
      PAYMENTS_TEST_MODE: 'on',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'repobundle-paytest-')),
      LOG_LEVEL: 'info',
    });
    try {
      expect(server.output()).toMatch(/"level":40.*PAYMENTS_TEST_MODE=on/);
    } finally {
      await server.stop();
    }
  }, 90_000);
});
