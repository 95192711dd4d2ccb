import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromBytes, isAscii, toByteString } from '../core/tokens/byte-string.js';
import { hashRange } from '../core/tokens/piece-table.js';
import type { RankTable, RankTableParts } from '../core/tokens/rank-table.js';
import { buildRankTable, rankTableFromParts, rankTableParts } from '../core/tokens/rank-table.js';
import { loadVocabulary } from '../core/tokens/vocabulary-sources.js';
import {
  decodeRankTable,
  encodeRankTable,
  rankTableFile,
  readRankTable,
  storeRankTables,
  writeRankTable,
} from './stored-rank-tables.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rank-tables-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const SOURCE = `gpt-tokenizer@${(createRequire(import.meta.url)('gpt-tokenizer/package.json') as { version: string }).version}`;

/** gpt-tokenizer's own data: per rank, the token's text (valid UTF-8) or its byte values. */
async function gptTokenizerRanks(name: 'o200k_base' | 'cl100k_base') {
  const module = (await import(`gpt-tokenizer/bpeRanks/${name}`)) as {
    default: readonly (string | number[])[];
  };
  return module.default;
}

function rankOf(table: RankTable, key: string): number {
  return table.byBytes.get(key, 0, key.length, hashRange(key, 0, key.length));
}

/** The array's bytes: comparing those is quick where toEqual walks millions of elements. */
const bytesOf = (array: Int32Array | Uint16Array | undefined) =>
  array && Buffer.from(array.buffer, array.byteOffset, array.byteLength);

function expectSameParts(actual: RankTableParts, expected: RankTableParts): void {
  const used = expected.byBytes.charsUsed;
  expect(actual.byBytes.size).toBe(expected.byBytes.size);
  expect(actual.byBytes.charsUsed).toBe(used);
  expect(bytesOf(actual.byBytes.slots)!.equals(bytesOf(expected.byBytes.slots)!)).toBe(true);
  const chars = (parts: RankTableParts) => bytesOf(parts.byBytes.chars.subarray(0, used))!;
  expect(chars(actual).equals(chars(expected))).toBe(true);
  expect(bytesOf(actual.pairs)!.equals(bytesOf(expected.pairs)!)).toBe(true);
  expect(bytesOf(actual.singles)!.equals(bytesOf(expected.singles)!)).toBe(true);
  expect(bytesOf(actual.mergeLeft)?.toString('hex')).toBe(
    bytesOf(expected.mergeLeft)?.toString('hex'),
  );
  expect(actual.wholeIsOneToken).toBe(expected.wholeIsOneToken);
  expect(actual.ranks).toBe(expected.ranks);
}

/** cl100k's table built from gpt-tokenizer's data, once for the tests that need one. */
let cl100k: RankTableParts | undefined;
async function cl100kParts(): Promise<RankTableParts> {
  cl100k ??= rankTableParts(buildRankTable(await loadVocabulary('cl100k_base')));
  return cl100k;
}

describe('stored rank tables', () => {
  it.each(['o200k_base', 'cl100k_base'] as const)(
    "read %s back with exactly gpt-tokenizer's rank for every token",
    async (name) => {
      await storeRankTables(dir);
      const parts = readRankTable(dir, name);
      expect(parts).toBeDefined();
      const table = rankTableFromParts(parts!);
      const source = await gptTokenizerRanks(name);
      let tokens = 0;
      source.forEach((value, rank) => {
        const key =
          typeof value !== 'string'
            ? fromBytes(value)
            : isAscii(value)
              ? value
              : toByteString(value);
        tokens++;
        if (rankOf(table, key) !== rank) expect(rankOf(table, key)).toBe(rank);
        if (key.length === 1) expect(table.singles[key.charCodeAt(0)]).toBe(rank);
        if (key.length === 2) {
          expect(table.pairs[(key.charCodeAt(0) << 8) | key.charCodeAt(1)]).toBe(rank);
        }
      });
      expect(table.byBytes.size).toBe(tokens);
      expect(table.ranks).toBe(source.length);
      expect(rankOf(table, 'not a token at all')).toBe(-1);
      expectSameParts(parts!, rankTableParts(buildRankTable(await loadVocabulary(name))));
    },
    120_000,
  );

  it('keeps a vocabulary with merges (mergeLeft) as it is', async () => {
    const built = rankTableParts(
      buildRankTable({
        tokens: [...Array.from({ length: 256 }, (_, byte) => String.fromCharCode(byte)), 'ab'],
        mergeLeft: Int32Array.from({ length: 257 }, (_, id) => (id === 256 ? 97 : -1)),
        wholeIsOneToken: false,
      }),
    );
    const back = readBack(encodeRankTable('o200k_base', SOURCE, built), 'o200k_base');
    expectSameParts(back!, built);
  });

  describe('a file not to trust is ignored', () => {
    let good: Buffer;
    beforeEach(async () => {
      writeRankTable(dir, 'cl100k_base', await cl100kParts());
      good = await readFile(rankTableFile(dir, 'cl100k_base'));
    }, 60_000);

    it('when a byte of its arrays changed', () => {
      const bad = Buffer.from(good);
      bad[bad.length - 5000]! ^= 1;
      expect(readBack(bad)).toBeUndefined();
      expect(readBack(good)).toBeDefined();
    });

    it('when cut short or empty', () => {
      expect(readBack(good.subarray(0, good.length - 8))).toBeUndefined();
      expect(readBack(good.subarray(0, 100))).toBeUndefined();
      expect(readBack(Buffer.alloc(0))).toBeUndefined();
    });

    it('when made from another version of the data, or for another vocabulary', async () => {
      const parts = readRankTable(dir, 'cl100k_base')!;
      expect(
        readBack(encodeRankTable('cl100k_base', 'gpt-tokenizer@0.0.1', parts)),
      ).toBeUndefined();
      await writeFile(rankTableFile(dir, 'o200k_base'), good);
      expect(readRankTable(dir, 'o200k_base')).toBeUndefined();
    });
  });

  it('builds from the package and stores anew a table whose file is damaged', async () => {
    writeRankTable(dir, 'cl100k_base', await cl100kParts());
    const file = rankTableFile(dir, 'cl100k_base');
    const damaged = await readFile(file);
    damaged[damaged.length - 100]! ^= 0xff;
    await writeFile(file, damaged);
    // A fresh copy of the modules, as a new thread has: nothing loaded yet.
    vi.resetModules();
    const rankTables = await import('../core/tokens/rank-table.js');
    const stored = await import('./stored-rank-tables.js');
    rankTables.registerStoredRankTables(stored.rankTableStore(dir));
    const table = await rankTables.loadRankTable('cl100k_base');
    expect(rankOf(table, ' hello')).toBe(24748);
    expect(readRankTable(dir, 'cl100k_base')).toBeDefined();
  }, 120_000);

  it('is written safely by processes at once while others read it', async () => {
    const parts = await cl100kParts();
    const moduleUrl = new URL('./stored-rank-tables.ts', import.meta.url).href;
    // Each writer stores the table five times over the same file.
    const writer = `import(${JSON.stringify(moduleUrl)}).then(async (m) => {
      const { loadVocabulary } = await import(${JSON.stringify(new URL('../core/tokens/vocabulary-sources.ts', import.meta.url).href)});
      const { buildRankTable, rankTableParts } = await import(${JSON.stringify(new URL('../core/tokens/rank-table.ts', import.meta.url).href)});
      const parts = rankTableParts(buildRankTable(await loadVocabulary('cl100k_base')));
      for (let i = 0; i < 5; i++) if (!m.writeRankTable(${JSON.stringify(dir)}, 'cl100k_base', parts)) process.exit(3);
    });`;
    const run = () =>
      new Promise<number | null>((resolve) => {
        spawn(process.execPath, ['--import', 'tsx', '-e', writer], { stdio: 'inherit' }).on(
          'exit',
          resolve,
        );
      });
    const writers = Promise.all([run(), run()]);
    let done = false;
    void writers.then(() => (done = true));
    // Once the file is there, a reader always finds it whole: never a half-written one.
    let reads = 0;
    let missed = 0;
    while (!done) {
      const read = readRankTable(dir, 'cl100k_base');
      if (read) {
        expectSameParts(read, parts);
        reads++;
      } else if (reads > 0) {
        missed++;
      }
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    expect(missed).toBe(0);
    expect(await writers).toEqual([0, 0]);
    expect(reads).toBeGreaterThan(0);
    expectSameParts(readRankTable(dir, 'cl100k_base')!, parts);
  }, 120_000);

  it('never fails a load when the folder cannot be written', async () => {
    const file = join(dir, 'a-file');
    await writeFile(file, '');
    expect(writeRankTable(join(file, 'under-a-file'), 'cl100k_base', await cl100kParts())).toBe(
      false,
    );
  }, 60_000);
});

function readBack(bytes: Uint8Array, name: 'o200k_base' | 'cl100k_base' = 'cl100k_base') {
  return decodeRankTable(bytes, name, SOURCE);
}
