import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { endianness } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashRange, PIECE_TABLE_LAYOUT } from '../core/tokens/piece-table.js';
import type { RankTableParts, StoredRankTables } from '../core/tokens/rank-table.js';
import {
  buildRankTable,
  rankTableParts,
  registerStoredRankTables,
} from '../core/tokens/rank-table.js';
import type { BpeTokenizerName } from '../core/tokens/vocabulary-sources.js';
import { loadVocabulary } from '../core/tokens/vocabulary-sources.js';
import { replaceFile } from './replace-file.js';

/**
 * Rank tables kept as binary files. Importing gpt-tokenizer's o200k data compiles 2.4 MB of
 * JavaScript, and indexing its 200,000 tokens takes longer still: about a second in every thread
 * of every run. The ready table's arrays, read back with one readFileSync, take milliseconds.
 *
 * A file is trusted only when its header names this vocabulary, the installed version of the
 * package the data comes from, this format and table layout, this machine's byte order, and
 * the digest of its arrays: anything else (another version, a half-copied or damaged file) is
 * ignored, the vocabulary loads from its package as before, and the file is written anew.
 * Files are written under a temporary name and renamed into place, so runs at once never read
 * half of one.
 */

/** The package each stored vocabulary comes from: its version keys the file. */
const SOURCE_PACKAGES: Partial<Record<BpeTokenizerName, string>> = {
  o200k_base: 'gpt-tokenizer',
  cl100k_base: 'gpt-tokenizer',
};

export const STORED_VOCABULARIES = Object.keys(SOURCE_PACKAGES) as BpeTokenizerName[];

const MAGIC = 'RBRANKS\n';
/** Bumped whenever what the file holds or how changes. */
const FORMAT = 1;

/**
 * hashRange of fixed strings: a table placed its keys by hashRange, so one stored by a build
 * whose hash differed would find nothing where this one looks.
 */
function hashCheck(): number[] {
  return ['', 'a', ' the', 'ÿ\u0001\u0080x', 'RepoBundle'].map((text) =>
    hashRange(text, 0, text.length),
  );
}

/** Beside the compiled engine (dist/vocabularies), written by its build and on first use. */
export const DEFAULT_RANK_TABLE_DIR = fileURLToPath(new URL('../vocabularies/', import.meta.url));

interface Header {
  readonly magic: string;
  readonly format: number;
  readonly layout: string;
  readonly hashCheck: number[];
  readonly littleEndian: boolean;
  readonly name: string;
  readonly source: string;
  readonly ranks: number;
  readonly size: number;
  readonly charsUsed: number;
  readonly wholeIsOneToken: boolean;
  /** Element counts of the arrays that follow, in this order; mergeLeft -1 when absent. */
  readonly lengths: {
    slots: number;
    chars: number;
    pairs: number;
    singles: number;
    mergeLeft: number;
  };
  /** sha256 of every byte after the header. */
  readonly digest: string;
}

const sourceVersions = new Map<string, string | undefined>();

/** `package@version` of the data's source package as installed, or undefined. */
function sourceOf(name: BpeTokenizerName): string | undefined {
  const pkg = SOURCE_PACKAGES[name];
  if (pkg === undefined) return undefined;
  if (!sourceVersions.has(pkg)) {
    let version: string | undefined;
    try {
      const file = createRequire(import.meta.url).resolve(`${pkg}/package.json`);
      version = (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version;
    } catch {
      version = undefined;
    }
    sourceVersions.set(pkg, version === undefined ? undefined : `${pkg}@${version}`);
  }
  return sourceVersions.get(pkg);
}

export function rankTableFile(dir: string, name: BpeTokenizerName): string {
  return join(dir, `${name}.ranks`);
}

function headerOf(name: BpeTokenizerName, source: string, parts: RankTableParts): Header {
  return {
    magic: MAGIC,
    format: FORMAT,
    layout: PIECE_TABLE_LAYOUT,
    hashCheck: hashCheck(),
    littleEndian: endianness() === 'LE',
    name,
    source,
    ranks: parts.ranks,
    size: parts.byBytes.size,
    charsUsed: parts.byBytes.charsUsed,
    wholeIsOneToken: parts.wholeIsOneToken,
    lengths: {
      slots: parts.byBytes.slots.length,
      chars: parts.byBytes.charsUsed,
      pairs: parts.pairs.length,
      singles: parts.singles.length,
      mergeLeft: parts.mergeLeft?.length ?? -1,
    },
    digest: '',
  };
}

const align8 = (offset: number): number => (offset + 7) & ~7;

/** The arrays' byte lengths, each padded to 8 so every array starts aligned. */
function sectionBytes(lengths: Header['lengths']): number[] {
  return [
    lengths.slots * 4,
    lengths.chars * 2,
    lengths.pairs * 4,
    lengths.singles * 4,
    Math.max(lengths.mergeLeft, 0) * 4,
  ].map(align8);
}

/** The file's bytes for a table. */
export function encodeRankTable(
  name: BpeTokenizerName,
  source: string,
  parts: RankTableParts,
): Buffer {
  const base = headerOf(name, source, parts);
  const arrays = [
    parts.byBytes.slots,
    parts.byBytes.chars.subarray(0, parts.byBytes.charsUsed),
    parts.pairs,
    parts.singles,
    parts.mergeLeft ?? new Int32Array(0),
  ];
  const sizes = sectionBytes(base.lengths);
  const payload = Buffer.alloc(sizes.reduce((sum, size) => sum + size, 0));
  let offset = 0;
  arrays.forEach((array, index) => {
    payload.set(new Uint8Array(array.buffer, array.byteOffset, array.byteLength), offset);
    offset += sizes[index]!;
  });
  const header = { ...base, digest: createHash('sha256').update(payload).digest('hex') };
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const head = Buffer.alloc(align8(MAGIC.length + 4 + json.length));
  head.write(MAGIC, 0, 'latin1');
  head.writeUInt32LE(json.length, MAGIC.length);
  json.copy(head, MAGIC.length + 4);
  return Buffer.concat([head, payload]);
}

/** The table in a file's bytes, or undefined unless it is whole and made for this very data. */
export function decodeRankTable(
  bytes: Uint8Array,
  name: BpeTokenizerName,
  source: string,
): RankTableParts | undefined {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.length < MAGIC.length + 4 || buffer.toString('latin1', 0, MAGIC.length) !== MAGIC) {
    return undefined;
  }
  const jsonLength = buffer.readUInt32LE(MAGIC.length);
  const jsonEnd = MAGIC.length + 4 + jsonLength;
  if (jsonEnd > buffer.length) return undefined;
  let header: Header;
  try {
    header = JSON.parse(buffer.toString('utf8', MAGIC.length + 4, jsonEnd)) as Header;
  } catch {
    return undefined;
  }
  if (
    header.magic !== MAGIC ||
    header.format !== FORMAT ||
    header.layout !== PIECE_TABLE_LAYOUT ||
    JSON.stringify(header.hashCheck) !== JSON.stringify(hashCheck()) ||
    header.littleEndian !== (endianness() === 'LE') ||
    header.name !== name ||
    header.source !== source
  ) {
    return undefined;
  }
  const sizes = sectionBytes(header.lengths);
  const start = align8(jsonEnd);
  const payloadBytes = sizes.reduce((sum, size) => sum + size, 0);
  if (start + payloadBytes !== buffer.length) return undefined;
  // Typed arrays view the file's buffer in place, which needs it 8-aligned; copy when it is not.
  let payload = buffer.subarray(start);
  if (payload.byteOffset % 8 !== 0) payload = Buffer.from(payload);
  if (createHash('sha256').update(payload).digest('hex') !== header.digest) return undefined;
  const { lengths } = header;
  let offset = payload.byteOffset;
  const next = (index: number): number => {
    const at = offset;
    offset += sizes[index]!;
    return at;
  };
  const store = payload.buffer;
  const slots = new Int32Array(store, next(0), lengths.slots);
  const chars = new Uint16Array(store, next(1), lengths.chars);
  const pairs = new Int32Array(store, next(2), lengths.pairs);
  const singles = new Int32Array(store, next(3), lengths.singles);
  const mergeLeftAt = next(4);
  const mergeLeft =
    lengths.mergeLeft < 0 ? undefined : new Int32Array(store, mergeLeftAt, lengths.mergeLeft);
  return {
    byBytes: { slots, chars, charsUsed: header.charsUsed, size: header.size },
    pairs,
    singles,
    mergeLeft,
    wholeIsOneToken: header.wholeIsOneToken,
    ranks: header.ranks,
  };
}

/** The stored table of a vocabulary in `dir`, or undefined (no file, or none to trust). */
export function readRankTable(dir: string, name: BpeTokenizerName): RankTableParts | undefined {
  const source = sourceOf(name);
  if (source === undefined) return undefined;
  let bytes: Buffer;
  try {
    bytes = readFileSync(rankTableFile(dir, name));
  } catch {
    return undefined;
  }
  return decodeRankTable(bytes, name, source);
}

/** Stores a table in `dir`; false when it cannot (a read-only install): never an error. */
export function writeRankTable(
  dir: string,
  name: BpeTokenizerName,
  parts: RankTableParts,
): boolean {
  const source = sourceOf(name);
  if (source === undefined) return false;
  return replaceFile(rankTableFile(dir, name), encodeRankTable(name, source, parts));
}

/**
 * Stores every listed vocabulary's table in `dir` (the engine's build does, so that even a first
 * run reads them) unless a file to trust is there already; throws when one cannot be written.
 */
export async function storeRankTables(dir: string = DEFAULT_RANK_TABLE_DIR): Promise<string[]> {
  const written: string[] = [];
  for (const name of STORED_VOCABULARIES) {
    if (readRankTable(dir, name)) continue;
    const parts = rankTableParts(buildRankTable(await loadVocabulary(name)));
    if (!writeRankTable(dir, name, parts)) {
      throw new Error(`could not write ${rankTableFile(dir, name)}`);
    }
    written.push(rankTableFile(dir, name));
  }
  return written;
}

/** The store kept in `dir`, for the vocabularies listed in STORED_VOCABULARIES. */
export function rankTableStore(dir: string): StoredRankTables {
  return {
    read: (name) => readRankTable(dir, name),
    loaded: (name, parts) => {
      if (SOURCE_PACKAGES[name] !== undefined) writeRankTable(dir, name, parts);
    },
  };
}

registerStoredRankTables(rankTableStore(DEFAULT_RANK_TABLE_DIR));
