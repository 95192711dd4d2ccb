import { createHash, hash } from 'node:crypto';
import { join } from 'node:path';
import { serialize } from 'node:v8';
import type { TokenizerName } from '@repobundle/contract/models';
import { LinePriceMemo } from '../core/chunk/line-price-memo.js';
import { CountMemo } from '../core/tokens/count-memo.js';
import { replaceFile } from './replace-file.js';
import type { ResultCache } from './result-cache.js';
import { readStoredMap } from './stored-map.js';

/**
 * Counts kept per file: a folder of 12,000 files leaves about 25,000 (a wrapper and a join per
 * file, and a digest per chunk counted whole), a few MB; beyond this the counts the last run did
 * not use are dropped.
 */
const MAX_COUNTS = 100_000;

export interface StoredCountMemo {
  readonly memo: CountMemo;
  /** Keeps this run's counts for the next run, when it made any. */
  save(): void;
}

/**
 * The count memo of a tokenizer (see CountMemo), kept in the result cache folder (`counts/`, one
 * file per engine build and tokenizer: another build may count differently) and replaced whole,
 * so two runs at once each read a whole file. The cache's size bound evicts it like any file.
 */
export function openCountMemo(cache: ResultCache, tokenizer: TokenizerName): StoredCountMemo {
  const name = createHash('sha256').update(`${cache.build}\0${tokenizer}`).digest('hex');
  const file = join(cache.dir, 'counts', name.slice(0, 32));
  const memo = new CountMemo(readCounts(file), (text) => hash('sha256', text, 'base64'));
  return {
    memo,
    save() {
      if (memo.added > 0) replaceFile(file, serialize(memo.kept(MAX_COUNTS)));
    },
  };
}

/** At most this much of line prices is kept: about 6 MB per format for 1.6 million lines. */
const MAX_PRICE_BYTES = 64 * 1024 * 1024;

export interface StoredLinePriceMemo {
  readonly memo: LinePriceMemo;
  /** Keeps this run's prices for the next run, when it made any. */
  save(): void;
}

/**
 * The line price memo of a tokenizer (see LinePriceMemo), kept like the count memo (`prices/`,
 * one file per engine build and tokenizer, replaced whole). It is read on its first question.
 */
export function openLinePriceMemo(
  cache: ResultCache,
  tokenizer: TokenizerName,
): StoredLinePriceMemo {
  const name = createHash('sha256').update(`${cache.build}\0${tokenizer}`).digest('hex');
  const file = join(cache.dir, 'prices', name.slice(0, 32));
  const memo = new LinePriceMemo(
    () => readPrices(file),
    (format, text) =>
      createHash('sha256').update(format).update('\0').update(text).digest('base64'),
  );
  return {
    memo,
    save() {
      if (memo.added > 0) replaceFile(file, serialize(memo.kept(MAX_PRICE_BYTES)));
    },
  };
}

function readPrices(file: string): Map<string, Uint32Array> {
  const stored = readStoredMap(file);
  for (const [key, prices] of stored) {
    if (typeof key !== 'string' || !(prices instanceof Uint32Array)) return new Map();
  }
  return stored as Map<string, Uint32Array>;
}

/** A memo that cannot be read (absent, damaged) is an empty one: every text is counted. */
function readCounts(file: string): Map<string, number> {
  const stored = readStoredMap(file);
  for (const [text, tokens] of stored) {
    if (typeof text !== 'string' || !Number.isInteger(tokens)) return new Map();
  }
  return stored as Map<string, number>;
}
