import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { get_encoding } from 'tiktoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countExactly, formatExactCount } from './exact-count.js';

const FILES: Record<string, string> = {
  'src/a.ts': 'export const answer = 42;\n',
  'src/b.md': '# Title <|endoftext|>\n\nSome prose.\n',
};

let root = '';
let scratch = '';
let expected: Record<string, number> = {};

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'bench-exact-'));
  scratch = await mkdtemp(path.join(tmpdir(), 'bench-exact-overview-'));
  await mkdir(path.join(root, 'src'));
  await mkdir(path.join(root, 'dist'));
  await writeFile(path.join(root, 'dist', 'bundle.js'), 'ignored();\n');
  await writeFile(path.join(root, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0]));
  for (const [file, text] of Object.entries(FILES)) await writeFile(path.join(root, file), text);
  const encoder = get_encoding('o200k_base');
  expected = Object.fromEntries(
    Object.entries(FILES).map(([file, text]) => [file, encoder.encode_ordinary(text).length]),
  );
  encoder.free();
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
  await rm(scratch, { recursive: true, force: true });
});

const overview = (counts: Record<string, number>): string =>
  [
    '## Files',
    '',
    '| Path | Language | Lines | Tokens | Chunks |',
    '|---|---|---:|---:|---|',
    ...Object.entries(counts).map(([file, tokens]) => `| ${file} | x | 1 | ${tokens} | 1 |`),
  ].join('\n');

describe('countExactly', () => {
  it('counts the files the overview lists, special-token text as plain text', async () => {
    const file = path.join(scratch, 'overview.md');
    await writeFile(file, overview(expected));
    const exact = await countExactly(root, file);
    expect(exact.source).toBe('overview');
    expect(exact.files).toBe(2);
    expect(exact.tokens).toBe((expected['src/a.ts'] ?? 0) + (expected['src/b.md'] ?? 0));
    expect(exact.differingFiles).toEqual([]);
  });

  it('names the file whose count differs and says DIFFERENT', async () => {
    const file = path.join(scratch, 'overview-wrong.md');
    const wrong = { ...expected, 'src/a.ts': (expected['src/a.ts'] ?? 0) + 1 };
    await writeFile(file, overview(wrong));
    const exact = await countExactly(root, file);
    expect(exact.differingFiles).toEqual([
      { path: 'src/a.ts', ours: wrong['src/a.ts'], tiktoken: expected['src/a.ts'] },
    ]);
    const ours = { files: 2, tokens: Object.values(wrong).reduce((a, b) => a + b, 0) };
    expect(formatExactCount('t', ours, exact)[0]).toMatch(/-> DIFFERENT$/);
  });

  it('re-walks with the eligibility rules when there is no overview', async () => {
    const exact = await countExactly(root, path.join(scratch, 'missing.md'));
    expect(exact.source).toBe('re-walk');
    // dist/ excluded, the PNG skipped by extension.
    expect(exact.files).toBe(2);
    expect(exact.tokens).toBe((expected['src/a.ts'] ?? 0) + (expected['src/b.md'] ?? 0));
  });
});
