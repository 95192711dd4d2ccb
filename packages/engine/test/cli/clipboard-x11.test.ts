import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, runCli } from './built-cli.js';

// --copy against a real X clipboard: a virtual X server (Xvfb) on a free display, the real xclip
// put on the clipboard by the built CLI and read back from the X server. Debian packages: xvfb,
// xclip (.ci/run installs them). Without them this test cannot run: under CI=true that is a
// failure, elsewhere it is skipped and says so.

/** Where `name` is on PATH, or null. */
function onPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir === '') continue;
    try {
      accessSync(join(dir, name), constants.X_OK);
      return join(dir, name);
    } catch {
      // not in this folder
    }
  }
  return null;
}

const xvfb = onPath('Xvfb');
const xclip = onPath('xclip');
const missing = [!xvfb && 'Xvfb', !xclip && 'xclip'].filter(Boolean).join(' and ');
const NOT_RUN = `--copy with a real X clipboard NOT RUN: ${missing} not installed (apt-get install -y xvfb xclip).`;
if (missing) console.warn(`\n[clipboard] ${NOT_RUN}\n`);

/** An X server on the first free display; `-displayfd` says which once it accepts clients. */
async function startXvfb(path: string): Promise<{ display: string; stop(): Promise<void> }> {
  const server: ChildProcess = spawn(
    path,
    ['-displayfd', '3', '-nolisten', 'tcp', '-screen', '0', '640x480x24'],
    { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  server.stderr?.on('data', (data: Buffer) => (log += data.toString()));
  const number = await new Promise<string>((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error(`Xvfb did not start: ${log}`)), 20_000);
    (server.stdio[3] as NodeJS.ReadableStream).on('data', (data: Buffer) => {
      text += data.toString();
      if (text.includes('\n')) {
        clearTimeout(timer);
        resolve(text.trim());
      }
    });
    server.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Xvfb exited with ${code}: ${log}`));
    });
  });
  return {
    display: `:${number}`,
    stop: () =>
      new Promise((resolve) => {
        if (server.exitCode !== null || server.signalCode !== null) return resolve();
        server.once('exit', () => resolve());
        server.kill('SIGTERM');
      }),
  };
}

/** What the X server's CLIPBOARD selection holds now. */
function readClipboard(path: string, display: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      path,
      ['-o', '-selection', 'clipboard'],
      { env: { DISPLAY: display }, timeout: 10_000, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) =>
        error ? reject(new Error(stderr || error.message)) : resolve(stdout),
    );
  });
}

describe('--copy with a real X clipboard', () => {
  let dir: string;
  let project: string;
  let bin: string;
  let x: Awaited<ReturnType<typeof startXvfb>> | undefined;

  beforeAll(async () => {
    assertBuilt();
    dir = await mkdtemp(join(tmpdir(), 'repobundle-x11-'));
    project = join(dir, 'project');
    bin = join(dir, 'bin');
    await mkdir(join(project, 'src'), { recursive: true });
    await mkdir(bin);
    await writeFile(join(project, 'src', 'a.ts'), 'export const a = "ünïcode";\n');
    await writeFile(join(project, 'README.md'), '# Project\n');
    // Only xclip on PATH, so no other clipboard program this machine may have is picked first.
    if (xclip) await symlink(xclip, join(bin, 'xclip'));
    if (xvfb) x = await startXvfb(xvfb);
  });

  afterAll(async () => {
    // The X server going away ends the xclip that was serving the selection.
    await x?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('puts every chunk on the clipboard, where another program reads it back', async (test) => {
    if (!xvfb || !xclip || !x) {
      if (process.env.CI === 'true') throw new Error(`Required under CI=true: ${NOT_RUN}`);
      test.skip(NOT_RUN);
      return;
    }
    const expected = await runCli(['pack', project, '--stdout']);
    expect(expected.code, expected.stderr).toBe(0);
    const copied = await runCli(['pack', project, '--copy'], {
      env: { PATH: bin, DISPLAY: x.display, WAYLAND_DISPLAY: '' },
    });
    expect(copied.code, copied.stderr).toBe(0);
    expect(copied.stdout).toBe('');
    expect(copied.stderr).toMatch(/Copied 1 chunk to the clipboard \(xclip\)/);
    const clipboard = await readClipboard(xclip, x.display);
    expect(clipboard).toContain('export const a = "ünïcode";');
    expect(clipboard).toBe(expected.stdout);
  });
});
