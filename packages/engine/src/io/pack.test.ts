import { mkdtemp, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { get_encoding } from 'tiktoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { lineStartsOf } from '../core/chunk/line-index.js';
import { priceLines } from '../core/chunk/line-prices.js';
import { getRenderer } from '../core/render/index.js';
import { loadTokenCounter } from '../core/tokens/index.js';
import { openMemorySource } from './sources/index.js';
import { pack, packTree } from './pack.js';
import { writeBundle } from './write-bundle.js';

const files = [
  {
    path: 'src/index.ts',
    content:
      'export const answer = 42;\n\n\nexport function add(a: number, b: number) {\n  return a + b;\n}\n',
  },
  { path: 'src/util/strings.py', content: 'def shout(s):\n    return s.upper() + "!"\n' },
  { path: 'README.md', content: '# Demo\n\nSome ```backticks``` inside.\n' },
  { path: 'node_modules/dep/index.js', content: 'module.exports = 1;\n' },
  { path: 'logo.png', content: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]) },
  { path: 'debug.log', content: 'noise\n' },
  { path: '.gitignore', content: '*.log\n' },
];

describe('packTree', () => {
  it('fails on a template that cannot render a chunk as the chunk stage reports it', async () => {
    // The pipeline measures wrappers while files arrive: a template failing there fails the pack
    // with the error the chunk stage gives, not as a file that failed to process.
    const failing = packTree(openMemorySource('demo', files), {
      outputFormat: 'custom',
      template: '{{#with}}x{{/with}}',
    });
    await expect(failing).rejects.toMatchObject({ code: 'TEMPLATE_FAILED' });
  });

  it('bundles the eligible files and reports every other one with its reason', async () => {
    const bundle = await packTree(openMemorySource('demo', files), {});
    expect(bundle.files.map((file) => file.path)).toEqual([
      '.gitignore',
      'README.md',
      'src/index.ts',
      'src/util/strings.py',
    ]);
    const reasons = Object.fromEntries(bundle.skipped.map((skip) => [skip.path, skip.reason.kind]));
    expect(reasons['logo.png']).toBe('binary');
    expect(reasons['debug.log']).toBe('gitignored');
    expect(Object.values(reasons)).toContain('excluded-folder');
    expect(bundle.chunks).toHaveLength(1);
    expect(bundle.overview.fileName).toBe('overview.md');
    expect(bundle.chunks[0]?.fileName).toBe('chunk-0001.md');
  });

  it('counts tokens exactly as tiktoken does', async () => {
    const bundle = await packTree(openMemorySource('demo', files), {});
    const encoding = get_encoding('o200k_base');
    try {
      for (const file of bundle.files) {
        expect(file.tokens).toBe(encoding.encode_ordinary(file.content).length);
      }
      for (const chunk of bundle.chunks) {
        expect(chunk.tokens).toBe(encoding.encode_ordinary(chunk.text).length);
      }
    } finally {
      encoding.free();
    }
  });

  it('gives the same bundle on worker threads as inline', async () => {
    const many = Array.from({ length: 40 }, (_, i) => ({
      path: `src/file-${String(i).padStart(2, '0')}.ts`,
      content: `export const value${i} = ${i};\n`.repeat(150 + i),
    }));
    const options = { tokenLimit: 32_000, removeBlankLines: true, showLineNumbers: true };
    const now = () => new Date('2026-01-01T00:00:00Z');
    const inline = await packTree(openMemorySource('many', many), options, { workers: 0, now });
    const pooled = await packTree(openMemorySource('many', many), options, { workers: 2, now });
    expect(pooled.chunks.map((chunk) => chunk.text)).toEqual(
      inline.chunks.map((chunk) => chunk.text),
    );
    expect(pooled.overview.text).toBe(inline.overview.text);
    expect(inline.chunks.length).toBeGreaterThan(1);
    for (const chunk of pooled.chunks) expect(chunk.tokens).toBeLessThanOrEqual(32_000);
  });

  it('prices lines of a format that escapes content on the threads, as the chunk stage does', async () => {
    const counter = await loadTokenCounter('o200k_base');
    const many = Array.from({ length: 24 }, (_, i) => ({
      path: `src/file-${String(i).padStart(2, '0')}.ts`,
      content: `const s${i} = "tab\there" + '<&>';\r\n`.repeat(200 + i),
    }));
    const now = () => new Date('2026-01-01T00:00:00Z');
    for (const outputFormat of ['json', 'xml', 'yaml', 'csv'] as const) {
      const options = { tokenLimit: 32_000, outputFormat };
      const inline = await packTree(openMemorySource('many', many), options, { workers: 0, now });
      const pooled = await packTree(openMemorySource('many', many), options, { workers: 2, now });
      expect(pooled.chunks.map((chunk) => chunk.text)).toEqual(
        inline.chunks.map((chunk) => chunk.text),
      );
      expect(inline.chunks.length).toBeGreaterThan(1);
      const renderer = getRenderer(outputFormat);
      for (const file of pooled.files) {
        expect(file.linePrices?.format).toBe(outputFormat);
        expect(file.linePrices?.prices).toEqual(
          priceLines(file, lineStartsOf(file), renderer, counter),
        );
      }
    }
  });

  it('applies transforms before counting', async () => {
    const bundle = await packTree(
      openMemorySource('t', [{ path: 'a.ts', content: 'a\n\n\nb\n' }]),
      { removeBlankLines: true, showLineNumbers: true },
    );
    expect(bundle.files[0]?.content).toBe('1 | a\n2 | b\n');
    expect(bundle.files[0]?.lines).toBe(2);
  });
});

describe('pack from disk', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'repobundle-pack-'));
    await mkdir(join(dir, 'project/src'), { recursive: true });
    await mkdir(join(dir, 'project/node_modules/x'), { recursive: true });
    await writeFile(join(dir, 'project/src/main.go'), 'package main\n\nfunc main() {}\n');
    await writeFile(join(dir, 'project/node_modules/x/a.js'), 'x\n');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('packs a folder, prunes excluded folders and writes the outputs', async () => {
    const bundle = await pack(join(dir, 'project'), { outputFormat: 'json' });
    expect(bundle.files.map((file) => file.path)).toEqual(['src/main.go']);
    expect(bundle.skipped).toEqual([
      expect.objectContaining({
        path: 'node_modules',
        reason: expect.objectContaining({ kind: 'excluded-folder' }),
      }),
    ]);
    const out = join(dir, 'out');
    await mkdir(join(out, 'chunks'), { recursive: true });
    await writeFile(join(out, 'chunks', 'chunk-0009.json'), 'stale');
    await writeBundle(bundle, out);
    expect(await readdir(join(out, 'chunks'))).toEqual(['chunk-0001.json']);
    const chunk = JSON.parse(await readFile(join(out, 'chunks', 'chunk-0001.json'), 'utf8'));
    expect(JSON.stringify(chunk)).toContain('func main() {}');
    expect(JSON.parse(await readFile(join(out, 'overview.json'), 'utf8'))).toBeTruthy();
  });

  it('writes each chunk byte for byte as its text, in batches of parts', async () => {
    // Over a megabyte of characters per chunk, with two-byte and four-byte UTF-8 characters, so
    // the writer encodes several batches of parts.
    const line = 'export const naïve = "😀 café";\n';
    const big = Array.from({ length: 6 }, (_, i) => ({
      path: `src/big-${i}.ts`,
      content: line.repeat(12_000 + i),
    }));
    const bundle = await packTree(openMemorySource('big', big), {
      outputFormat: 'md',
      tokenLimit: 2_000_000,
    });
    const out = join(dir, 'out-big');
    await writeBundle(bundle, out);
    for (const chunk of bundle.chunks) {
      expect(chunk.textParts().length).toBeGreaterThan(1);
      expect(chunk.textParts().join('')).toBe(chunk.text);
      const written = await readFile(join(out, 'chunks', chunk.fileName));
      expect(written.equals(Buffer.from(chunk.text))).toBe(true);
    }
  });

  it('refuses a missing source with a clear error', async () => {
    await expect(pack(join(dir, 'nope'))).rejects.toMatchObject({ code: 'SOURCE_NOT_FOUND' });
  });
});

describe('worker threads read their own files', () => {
  let dir: string;
  const sources = Array.from({ length: 30 }, (_, i) => ({
    path: `src/mod-${String(i).padStart(2, '0')}.ts`,
    content: `export function f${i}(x: number) {\n  return x * ${i};\n}\n`.repeat(40 + i),
  }));
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'repobundle-located-'));
    await mkdir(join(dir, 'tree/src'), { recursive: true });
    const zip = new yazl.ZipFile();
    for (const file of sources) {
      await writeFile(join(dir, 'tree', file.path), file.content);
      zip.addBuffer(Buffer.from(file.content), file.path);
    }
    zip.addBuffer(Buffer.from('abcdefgh'), 'src/zz-corrupt.txt', { compress: false });
    zip.end();
    const chunks: Buffer[] = [];
    for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
    const archive = Buffer.concat(chunks);
    // Damage the stored entry's bytes: only that entry's CRC check can notice.
    archive.write('ABCDEFGH', archive.indexOf('abcdefgh'));
    await writeFile(join(dir, 'tree.zip'), archive);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const now = () => new Date('2026-01-01T00:00:00Z');
  const options = { tokenLimit: 32_000, chunkingStrategy: 'semantic' as const };

  it('packs a folder and a ZIP on workers exactly as inline', async () => {
    for (const source of [join(dir, 'tree'), join(dir, 'tree.zip')]) {
      const inline = await pack(source, options, { workers: 0, now });
      const pooled = await pack(source, options, { workers: 2, now });
      expect(pooled.files.map((file) => file.path)).toEqual(sources.map((file) => file.path));
      expect(pooled.chunks.map((chunk) => chunk.text)).toEqual(
        inline.chunks.map((chunk) => chunk.text),
      );
      expect(pooled.statistics).toEqual(inline.statistics);
    }
  });

  it('packs a ZIP kept in parts, on workers and inline, as the joined ZIP', async () => {
    const archive = await readFile(join(dir, 'tree.zip'));
    // Parts of 1,000 bytes: entries, their local headers and the directory are cut across them.
    const parts: string[] = [];
    for (let at = 0; at < archive.length; at += 1_000) {
      const part = join(dir, `tree.zip.${String(parts.length).padStart(3, '0')}`);
      await writeFile(part, archive.subarray(at, at + 1_000));
      parts.push(part);
    }
    const joined = await pack(join(dir, 'tree.zip'), options, { workers: 0, now });
    for (const workers of [0, 2]) {
      const parted = await pack({ name: 'tree.zip', parts }, options, { workers, now });
      expect(parted.chunks.map((chunk) => chunk.text)).toEqual(
        joined.chunks.map((chunk) => chunk.text),
      );
      expect(parted.overview.text).toBe(joined.overview.text);
      expect(parted.skipped).toEqual(joined.skipped);
    }
  });

  it('reports an entry that fails its CRC check on a worker as skipped, with the reason', async () => {
    const bundle = await pack(join(dir, 'tree.zip'), options, { workers: 2 });
    expect(bundle.skipped).toEqual([
      {
        path: 'src/zz-corrupt.txt',
        reason: { kind: 'read-failed', detail: expect.stringContaining('CRC-32 mismatch') },
      },
    ]);
  });
});
