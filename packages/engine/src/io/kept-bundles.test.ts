import {
  mkdir,
  mkdtemp,
  readFile,
  readdir,
  rm,
  stat,
  truncate,
  unlink,
  utimes,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BundleOptions } from '../config/options.js';
import { OUTPUT_FORMATS } from '../config/options.js';
import type { BundleOutput } from '../core/assemble-bundle.js';
import { BUNDLES_FOLDER, KeptBundles, runKey } from './kept-bundles.js';
import type { RunInput } from './kept-bundles.js';
import { resolveOptions } from '../config/options.js';
import type { PackHooks } from './pack.js';
import { pack, packKeeping } from './pack.js';
import { evictResultCache } from './result-cache.js';
import type { ResultCache } from './result-cache.js';
import { writeBundle } from './write-bundle.js';

/**
 * A folder packed again with the same options and files: the bundle an earlier run kept is
 * written again, byte for byte; anything that decides the bundle makes it a miss.
 */
let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'repobundle-kept-bundles-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

const HOUR_AGO = Math.floor(Date.now() / 1000) - 3600;
const NOW = new Date('2026-01-01T00:00:00Z');
const TEMPLATE =
  '{{source}} {{chunk.index}}/{{chunk.count}}\n{{#each pieces}}== {{path}} {{lines}} ==\n{{content}}\n{{/each}}';

async function makeProject(name: string): Promise<string> {
  const dir = join(root, name);
  await mkdir(join(dir, 'src'), { recursive: true });
  for (let i = 0; i < 24; i++) {
    await writeFile(
      join(dir, 'src', `m${i}.ts`),
      `// module ${i} <&> "quoted"\nexport const value${i} = ${i * 11};\n`.repeat(150 + i),
    );
  }
  await writeFile(join(dir, '.gitignore'), 'ignored/\n');
  await ageFiles(dir);
  return dir;
}

async function ageFiles(dir: string): Promise<void> {
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) await utimes(join(entry.parentPath, entry.name), HOUR_AGO, HOUR_AGO);
  }
}

/** The run starts well after the files' change times, so their stamps are trusted. */
function keeperOf(cache: ResultCache): KeptBundles {
  return new KeptBundles(cache, Date.now() + 10_000);
}

interface Run {
  readonly bundle: BundleOutput;
  readonly kept: boolean;
  readonly stored: boolean;
  readonly written: Map<string, Buffer>;
  /** Each chunk's text and text parts, read while the kept file was open. */
  readonly texts: readonly (readonly [string, string])[];
  readonly counters: NonNullable<PackHooks['counters']>;
}

async function packOnce(
  dir: string,
  cache: ResultCache,
  out: string,
  options: BundleOptions = {},
  {
    now = NOW,
    keep = keeperOf(cache),
    sourceName,
  }: { now?: Date; keep?: KeptBundles; sourceName?: string } = {},
): Promise<Run> {
  const counters: NonNullable<PackHooks['counters']> = { cachedFiles: 0 };
  try {
    const bundle = await packKeeping(
      dir,
      options,
      {
        cache,
        rememberFolder: true,
        counters,
        workers: 0,
        now: () => now,
        ...(sourceName && { sourceName }),
      },
      keep,
    );
    const paths = await writeBundle(bundle, join(root, out));
    const stored = keep.store(paths);
    const written = new Map<string, Buffer>();
    for (const path of paths) written.set(path.slice(join(root, out).length), await readFile(path));
    const texts = bundle.chunks.map((chunk) => [chunk.text, chunk.textParts().join('')] as const);
    return { bundle, kept: 'kept' in bundle, stored, written, texts, counters };
  } finally {
    keep.close();
  }
}

/** The same options packed without any cache: what every run must write. */
async function fresh(dir: string, out: string, options: BundleOptions = {}, now = NOW) {
  const bundle = await pack(dir, options, { workers: 0, now: () => now });
  const paths = await writeBundle(bundle, join(root, out));
  const written = new Map<string, Buffer>();
  for (const path of paths) written.set(path.slice(join(root, out).length), await readFile(path));
  return written;
}

describe('kept bundles', () => {
  it.each(OUTPUT_FORMATS)('write a second run of %s output byte for byte', async (format) => {
    const dir = await makeProject(`same-${format}`);
    const cache = { dir: join(root, `cache-same-${format}`), build: 'test' };
    const options: BundleOptions = {
      outputFormat: format,
      tokenLimit: 32000,
      ...(format === 'custom' && { template: TEMPLATE }),
    };
    const first = await packOnce(dir, cache, `same-${format}-1`, options);
    expect(first).toMatchObject({ kept: false, stored: true });
    expect(await readdir(join(cache.dir, BUNDLES_FOLDER))).toHaveLength(1);
    const second = await packOnce(dir, cache, `same-${format}-2`, options);
    expect(second).toMatchObject({ kept: true, stored: false });
    expect(second.counters).toEqual({ cachedFiles: 25, unreadFiles: 25 });
    expect(second.written).toEqual(first.written);
    expect(second.written).toEqual(await fresh(dir, `same-${format}-fresh`, options));
    expect(second.bundle.chunks.length).toBeGreaterThan(1);
    // What the summary reports is the first run's.
    const { statistics, secrets, notes, skipped, files } = first.bundle;
    expect(second.bundle).toMatchObject({ statistics, secrets, notes, skipped });
    expect(second.bundle.files).toEqual(
      files.map(({ path, tokens, notes: fileNotes }) => ({ path, tokens, notes: fileNotes })),
    );
    // A kept chunk's text, for the outputs that are not a folder.
    second.bundle.chunks.forEach((chunk, index) => {
      const written = second.written.get(`/chunks/${chunk.fileName}`)?.toString();
      expect(second.texts[index]).toEqual([written, written]);
    });
  });

  it('keep what a bundle packed to a token budget reports', async () => {
    const dir = await makeProject('budget');
    const cache = { dir: join(root, 'cache-budget'), build: 'test' };
    const options: BundleOptions = { tokenBudget: 30000 };
    const first = await packOnce(dir, cache, 'budget-1', options);
    expect(first.bundle.budget?.levels.full).toBeLessThan(24);
    const second = await packOnce(dir, cache, 'budget-2', options);
    expect(second.kept).toBe(true);
    expect(second.written).toEqual(first.written);
    expect(second.bundle.budget).toEqual(first.bundle.budget);
    const levels = (run: Run) =>
      run.bundle.files.map((file) => [file.path, file.level, file.levelReason]);
    expect(levels(second)).toEqual(levels(first));
  });

  it('date the overview of a kept bundle anew', async () => {
    const dir = await makeProject('dated');
    const cache = { dir: join(root, 'cache-dated'), build: 'test' };
    await packOnce(dir, cache, 'dated-1');
    const later = new Date('2026-06-30T12:34:56Z');
    const second = await packOnce(dir, cache, 'dated-2', {}, { now: later });
    expect(second.kept).toBe(true);
    expect(second.written).toEqual(await fresh(dir, 'dated-fresh', {}, later));
    expect(second.bundle.overview.text).toContain('2026-06-30T12:34:56');
  });

  describe('miss when what decides the bundle changed', () => {
    const changes: readonly [string, (dir: string) => Promise<BundleOptions | undefined>][] = [
      ['a file edited', (dir) => edit(join(dir, 'src', 'm3.ts'), 'export const edited = 1;\n')],
      ['a file added', (dir) => edit(join(dir, 'src', 'new.ts'), 'export const added = 2;\n')],
      ['a file removed', async (dir) => void (await unlink(join(dir, 'src', 'm5.ts')))],
      ['the .gitignore', (dir) => edit(join(dir, '.gitignore'), 'src/m7.ts\n')],
      // Listed among the skipped files in the overview.
      ['an ignored file added', (dir) => edit(join(dir, 'ignored', 'x.ts'), 'export {};\n')],
      ['an option', async () => ({ removeComments: true })],
      ['the token limit', async () => ({ tokenLimit: 64000 })],
      ['the header text', async () => ({ headerText: 'Read me first.' })],
    ];
    it.each(changes)('%s', async (name, change) => {
      const label = name.replace(/\W+/g, '-');
      const dir = await makeProject(`change-${label}`);
      const cache = { dir: join(root, `cache-change-${label}`), build: 'test' };
      await packOnce(dir, cache, `change-${label}-1`);
      const options = (await change(dir)) ?? {};
      const after = await packOnce(dir, cache, `change-${label}-2`, options);
      expect(after).toMatchObject({ kept: false, stored: true });
      expect(after.written).toEqual(await fresh(dir, `change-${label}-fresh`, options));
      // The same change again is the bundle just kept.
      const again = await packOnce(dir, cache, `change-${label}-3`, options);
      expect(again.kept).toBe(true);
      expect(again.written).toEqual(after.written);
    });

    it('another template', async () => {
      const dir = await makeProject('template');
      const cache = { dir: join(root, 'cache-template'), build: 'test' };
      const custom = { outputFormat: 'custom', template: TEMPLATE } as const;
      await packOnce(dir, cache, 'template-1', custom);
      const other = { ...custom, template: TEMPLATE.replace('==', '##') };
      const after = await packOnce(dir, cache, 'template-2', other);
      expect(after.kept).toBe(false);
      expect(after.written).toEqual(await fresh(dir, 'template-fresh', other));
    });

    it('another name for the source, or another engine build', async () => {
      const dir = await makeProject('named');
      const cache = { dir: join(root, 'cache-named'), build: 'test' };
      await packOnce(dir, cache, 'named-1');
      expect((await packOnce(dir, cache, 'named-2', {}, { sourceName: 'other' })).kept).toBe(false);
      const rebuilt = { ...cache, build: 'test-2' };
      expect((await packOnce(dir, rebuilt, 'named-3')).kept).toBe(false);
      expect((await packOnce(dir, cache, 'named-4')).kept).toBe(true);
    });
  });

  it('take the same key for equal inputs however their strings are stored', () => {
    // An ASCII string cut from one with a wider character is stored two bytes a character.
    const wide = (text: string) => `\u0100${text}`.slice(1);
    const stamp = { key: '10:1:1:7:2', changedMs: 1 };
    const inputOf = (text: (value: string) => string): RunInput => ({
      options: resolveOptions({ headerText: text('Read me.') }),
      sourceName: text('project'),
      kind: 'directory',
      selected: [
        {
          path: text('src/a.ts'),
          size: 10,
          location: { kind: 'file', file: '/p/src/a.ts', stamp },
          read: () => Promise.resolve(new Uint8Array(10)),
        },
      ],
      skipped: [{ path: text('dist'), reason: { kind: 'excluded-folder', folder: text('dist') } }],
      context: [null, new Map([[text('src/a.ts'), 3]])],
    });
    const key = runKey(
      'build',
      inputOf((text) => text),
      10_000,
    );
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(runKey('build', inputOf(wide), 10_000)).toBe(key);
    // And another value is another key.
    const other = inputOf((text) => text);
    expect(
      runKey('build', { ...other, context: [null, new Map([['src/a.ts', 4]])] }, 10_000),
    ).not.toBe(key);
  });

  it('keep nothing when a file changed just before the run', async () => {
    const dir = await makeProject('racy');
    const cache = { dir: join(root, 'cache-racy'), build: 'test' };
    await writeFile(join(dir, 'src', 'm1.ts'), 'export const justNow = 1;\n');
    // The run starts now: the file changed within the clock's resolution may change again unseen.
    const first = await packOnce(
      dir,
      cache,
      'racy-1',
      {},
      { keep: new KeptBundles(cache, Date.now()) },
    );
    expect(first.stored).toBe(false);
    const second = await packOnce(
      dir,
      cache,
      'racy-2',
      {},
      { keep: new KeptBundles(cache, Date.now()) },
    );
    expect(second.kept).toBe(false);
    expect(second.written).toEqual(first.written);
  });

  it('pack again over a damaged kept bundle, and keep a whole one in its place', async () => {
    const dir = await makeProject('damaged');
    const cache = { dir: join(root, 'cache-damaged'), build: 'test' };
    const first = await packOnce(dir, cache, 'damaged-1');
    const [name] = await readdir(join(cache.dir, BUNDLES_FOLDER));
    const file = join(cache.dir, BUNDLES_FOLDER, name as string);
    // The header whole, the last chunk cut short; then the header itself cut short.
    await truncate(file, (await stat(file)).size - 10);
    expect((await packOnce(dir, cache, 'damaged-cut')).kept).toBe(false);
    await truncate(file, 1000);
    const second = await packOnce(dir, cache, 'damaged-2');
    expect(second).toMatchObject({ kept: false, stored: true });
    expect(second.written).toEqual(first.written);
    await writeFile(file, 'not a bundle');
    expect((await packOnce(dir, cache, 'damaged-3')).kept).toBe(false);
    const fourth = await packOnce(dir, cache, 'damaged-4');
    expect(fourth.kept).toBe(true);
    expect(fourth.written).toEqual(first.written);
  });

  it('are bounded with the rest of the cache', async () => {
    const dir = await makeProject('evicted');
    const cache = { dir: join(root, 'cache-evicted'), build: 'test' };
    await packOnce(dir, cache, 'evicted-1');
    expect(await readdir(join(cache.dir, BUNDLES_FOLDER))).toHaveLength(1);
    evictResultCache(cache.dir, 1000);
    expect(await readdir(join(cache.dir, BUNDLES_FOLDER))).toHaveLength(0);
    expect((await packOnce(dir, cache, 'evicted-2')).kept).toBe(false);
  });
});

/** Writes a file, dated an hour ago (its change time is now, so its stamp is new). */
async function edit(path: string, text: string): Promise<undefined> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, text);
  await utimes(path, HOUR_AGO, HOUR_AGO);
  return undefined;
}
