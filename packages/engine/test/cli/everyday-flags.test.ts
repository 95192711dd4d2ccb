import { spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { parseAllDocuments } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, assertBuilt, runCli } from './built-cli.js';

/** The flags people type every day, through the built CLI as a child process. */
let dir: string;
let project: string;
beforeAll(async () => {
  assertBuilt();
  dir = await mkdtemp(join(tmpdir(), 'repobundle-flags-'));
  project = join(dir, 'project');
  await mkdir(join(project, 'src', 'deep'), { recursive: true });
  await writeFile(join(project, 'src', 'a.ts'), 'export const a = 1; // note a\n');
  await writeFile(join(project, 'src', 'deep', 'b.ts'), 'export const b = 2;\n'.repeat(40));
  await writeFile(join(project, 'README.md'), '# Project\n');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A project whose bundle needs several 32,000-token chunks. */
async function largeProject(): Promise<string> {
  const large = join(dir, 'large');
  await mkdir(large, { recursive: true });
  const body = Array.from({ length: 1500 }, (_, i) => `export const v${i} = ${i};`).join('\n');
  for (let i = 0; i < 6; i++) await writeFile(join(large, `m${i}.ts`), `${body}\n`);
  return large;
}

describe('the config file', () => {
  it('applies repobundle.config.json from the input folder, with flags winning', async () => {
    const folder = join(dir, 'configured');
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, 'a.ts'), 'const a = 1; // gone\n');
    await writeFile(
      join(folder, 'repobundle.config.json'),
      '{\n  // JSON with comments\n  "outputFormat": "json",\n  "removeComments": true,\n  "output": "out"\n}\n',
    );
    const out = join(dir, 'configured-out');
    const result = await runCli(['pack', folder, '-o', out, '--output-format', 'yaml', '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(await readdir(out)).toContain('overview.yaml');
    const chunk = await readFile(join(out, 'chunks', 'chunk-0001.yaml'), 'utf8');
    expect(chunk).toContain('const a = 1;');
    expect(chunk).not.toContain('// gone');
  });

  it('refuses an unknown key with the file name and the key (exit 2)', async () => {
    const file = join(dir, 'bad.json');
    await writeFile(file, '{ "outputFromat": "json" }');
    const result = await runCli(['pack', project, '--config', file]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `repobundle: ${file}: unknown key "outputFromat" (see repobundle init for the keys)\n`,
    );
  });

  it('repobundle init writes a starter that pack accepts, and keeps an existing one', async () => {
    const file = join(dir, 'starter.config.json');
    const first = await runCli(['init', file]);
    expect(first.code, first.stderr).toBe(0);
    const again = await runCli(['init', file]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already exists; add --force/);
    expect((await runCli(['init', file, '--force'])).code).toBe(0);
    const packed = await runCli([
      'pack',
      project,
      '--config',
      file,
      '-o',
      join(dir, 'starter-out'),
    ]);
    expect(packed.code, packed.stderr).toBe(0);
  });
});

describe('--stdin', () => {
  it('packs only the listed paths, newline or NUL separated', async () => {
    for (const [input, extra] of [
      ['src/a.ts\n./README.md\n', []],
      ['src/a.ts\0README.md\0', ['-z']],
    ] as const) {
      const out = join(dir, `stdin-${extra.length}`);
      const result = await runCli(['pack', project, '--stdin', ...extra, '-o', out, '--json'], {
        input,
      });
      expect(result.code, result.stderr).toBe(0);
      expect(JSON.parse(result.stdout)).toMatchObject({ files: 2 });
      const chunk = await readFile(join(out, 'chunks', 'chunk-0001.md'), 'utf8');
      expect(chunk).toContain('src/a.ts');
      expect(chunk).not.toContain('src/deep/b.ts');
    }
  });

  it('says so when no paths came', async () => {
    const result = await runCli(['pack', project, '--stdin'], { input: '' });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/no paths came on stdin/);
  });
});

describe('output anywhere', () => {
  it('--stdout writes every chunk in order; without it several chunks need -o', async () => {
    const large = await largeProject();
    const all = await runCli(['pack', large, '--stdout', '--token-limit', '32000']);
    expect(all.code, all.stderr).toBe(0);
    const headers = all.stdout.match(/^# large: chunk \d+ of \d+$/gm) ?? [];
    expect(headers.length).toBeGreaterThan(1);
    expect(headers).toEqual(headers.map((_, i) => `# large: chunk ${i + 1} of ${headers.length}`));
    const one = await runCli(['pack', large, '--token-limit', '32000']);
    expect(one.code).toBe(2);
    expect(one.stderr).toMatch(/use --stdout for all of them/);
  });

  it('leaves a bundle written into its own input out of the next run', async () => {
    const out = join(project, 'bundle');
    const first = await runCli(['pack', project, '-o', out, '--json']);
    const second = await runCli(['pack', project, '-o', out, '--json']);
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(second.stdout).files).toBe(JSON.parse(first.stdout).files);
    await rm(out, { recursive: true });
  });

  it('--single-file writes one valid file in every structured format', async () => {
    const large = await largeProject();
    for (const format of ['md', 'json', 'xml', 'yaml'] as const) {
      const file = join(dir, `single.${format}`);
      const result = await runCli([
        'pack',
        large,
        '-o',
        file,
        '--single-file',
        '--output-format',
        format,
        '--token-limit',
        '32000',
        '--json',
      ]);
      expect(result.code, result.stderr).toBe(0);
      const chunks = JSON.parse(result.stdout).chunks as number;
      expect(chunks).toBeGreaterThan(1);
      const text = await readFile(file, 'utf8');
      if (format === 'json') expect(JSON.parse(text)).toHaveLength(chunks + 1);
      if (format === 'yaml') {
        const documents = parseAllDocuments(text);
        expect(Array.isArray(documents) && documents.length).toBe(chunks + 1);
      }
      if (format === 'xml') {
        const parsed = new XMLParser({ ignoreAttributes: false }).parse(text);
        expect(parsed.bundle.chunk).toHaveLength(chunks);
        expect(parsed.bundle.overview).toBeDefined();
      }
      if (format === 'md') expect(text.match(/^# large: chunk \d+ of/gm)).toHaveLength(chunks);
    }
  });

  it('--copy hands the bundle to the clipboard program, or says none exists', async () => {
    const bin = join(dir, 'bin');
    await mkdir(bin, { recursive: true });
    const clipboard = join(dir, 'clipboard.txt');
    // xclip as a user has it installed, reduced to its contract: read stdin until EOF.
    await writeFile(join(bin, 'xclip'), `#!/bin/sh\n/bin/cat > ${JSON.stringify(clipboard)}\n`);
    await chmod(join(bin, 'xclip'), 0o755);
    const copied = await runCli(['pack', project, '--copy'], { env: { PATH: bin } });
    expect(copied.code, copied.stderr).toBe(0);
    expect(copied.stdout).toBe('');
    expect(copied.stderr).toMatch(/Copied 1 chunk to the clipboard \(xclip\)/);
    expect(await readFile(clipboard, 'utf8')).toContain('export const a = 1;');
    const none = await runCli(['pack', project, '--copy'], { env: { PATH: join(dir, 'empty') } });
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(
      /Cannot copy: no clipboard program found \(tried wl-copy, xclip, xsel, pbcopy, clip\.exe\)/,
    );
  });
});

describe('what is in it', () => {
  it('prints the top files by default and the token tree when asked, also in --json', async () => {
    const human = await runCli(['pack', project, '-o', join(dir, 'tree-out'), '--token-tree', '1']);
    expect(human.code, human.stderr).toBe(0);
    expect(human.stderr).toMatch(/Top 3 files by tokens:\n\s+1\. src\/deep\/b\.ts/);
    expect(human.stderr).toMatch(/Token tree:\n\s+src\/\s+[\d,]+\s+\d+\.\d%\n\s+README\.md/);
    const json = await runCli([
      'pack',
      project,
      '-o',
      join(dir, 'tree-json'),
      '--json',
      '--top-files',
      '1',
      '--token-tree',
    ]);
    const summary = JSON.parse(json.stdout);
    expect(summary.topFiles).toEqual([
      { path: 'src/deep/b.ts', tokens: expect.any(Number), share: expect.any(Number) },
    ]);
    expect(summary.tokenTree.map((row: { path: string }) => row.path)).toEqual([
      'src/',
      'src/deep/',
      'src/deep/b.ts',
      'src/a.ts',
      'README.md',
    ]);
  });

  it('prints no progress line on a pipe', async () => {
    const result = await runCli(['pack', project, '-o', join(dir, 'quiet')]);
    expect(result.stderr).not.toContain('\r');
    expect(result.stderr).not.toContain('\u001b[');
  });
});

describe('words for the model', () => {
  it('--header-text and --instruction-file open the overview and every chunk', async () => {
    const task = join(dir, 'task.md');
    await writeFile(task, 'Find the bugs.\n');
    const out = join(dir, 'words');
    const result = await runCli([
      'pack',
      project,
      '-o',
      out,
      '--output-format',
      'json',
      '--header-text',
      'Billing service',
      '--instruction-file',
      task,
    ]);
    expect(result.code, result.stderr).toBe(0);
    const chunk = JSON.parse(await readFile(join(out, 'chunks', 'chunk-0001.json'), 'utf8'));
    expect([chunk.header_text, chunk.instruction]).toEqual(['Billing service', 'Find the bugs.\n']);
    const overview = JSON.parse(await readFile(join(out, 'overview.json'), 'utf8'));
    expect(overview.header_text).toBe('Billing service');
    const missing = await runCli(['pack', project, '--instruction-file', join(dir, 'nope.md')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/Cannot read the instruction file/);
  });
});

describe('--watch', () => {
  it('packs again after a change and stops cleanly on Ctrl-C', async () => {
    const folder = join(dir, 'watched');
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, 'a.ts'), 'export const a = 1;\n');
    const out = join(folder, 'bundle');
    const child = spawn(process.execPath, [CLI, 'pack', folder, '-o', out, '--watch'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    const listeners: (() => void)[] = [];
    child.stderr.on('data', (data: Buffer) => {
      stderr += data.toString();
      for (const listener of listeners) listener();
    });
    const waitFor = (pattern: RegExp, count: number) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`timed out; stderr: ${stderr}`)), 30_000);
        const check = () => {
          if ((stderr.match(pattern) ?? []).length >= count) {
            clearTimeout(timer);
            resolve();
          }
        };
        listeners.push(check);
        check();
      });
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    await waitFor(/Watching /, 1);
    // Written beside, then moved in: one change, however slowly this process writes.
    await writeFile(join(dir, 'b.ts.tmp'), 'export const b = 2;\n');
    await rename(join(dir, 'b.ts.tmp'), join(folder, 'b.ts'));
    await waitFor(/^Packed 2 files/m, 1);
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(stderr.match(/^Packed \d files/gm), stderr).toEqual([
      'Packed 1 files',
      'Packed 2 files',
    ]);
    const chunk = await readFile(join(out, 'chunks', 'chunk-0001.md'), 'utf8');
    expect(chunk).toContain('export const b = 2;');
  }, 60_000);
});
