import { createHash, hash } from 'node:crypto';
import { join } from 'node:path';
import { serialize } from 'node:v8';
import type { TokenizerName } from '@repobundle/contract/models';
import { LinePriceMemo } from '../core/chunk/line-price-memo.js';
import { CountMemo } from '../core/tokens/count-memo.js';
import { linePriceDigest } from './line-price-digest.js';
import { replaceFile } from './replace-file.js';
import type { ResultCache } from './result-cache.js';
import { readStoredMap } from './stored-map.js';

/**
 * Counts kept per file: a folder of 12,000 files leaves about 25,000 (a wrapper and a join per
 * file, and a digest per chunk counted whole), a few MB; beyond this the counts the last run did
 * not use are dropped.
 */
const MAX_COUNTS = 100_000;

/** A memo kept in the result cache folder. */
export interface StoredMemo<Memo> {
  readonly memo: Memo;
  /** Keeps this run's values for the next run, when it made any. */
  save(): void;
}

/**
 * The count memo of a tokenizer (see CountMemo), kept in the result cache folder (`counts/`, one
 * file per engine build and tokenizer: another build may count differently) and replaced whole,
 * so two runs at once each read a whole file. The cache's size bound evicts it like any file.
 */
export function openCountMemo(cache: ResultCache, tokenizer: TokenizerName): StoredMemo<CountMemo> {
  const file = memoFile(cache, 'counts', tokenizer);
  const memo = new CountMemo(
    readStoredValues(file, (tokens): tokens is number => Number.isInteger(tokens)),
    (text) => hash('sha256', text, 'base64'),
  );
  return {
    memo,
    save() {
      if (memo.added > 0) replaceFile(file, serialize(memo.kept(MAX_COUNTS)));
    },
  };
}

/** At most this much of line prices is kept: about 6 MB per format for 1.6 million lines. */
const MAX_PRICE_BYTES = 64 * 1024 * 1024;

/**
 * The line price memo of a tokenizer (see LinePriceMemo), kept like the count memo (`prices/`).
 * It is read on its first question.
 */
export function openLinePriceMemo(
  cache: ResultCache,
  tokenizer: TokenizerName,
): StoredMemo<LinePriceMemo> {
  const file = memoFile(cache, 'prices', tokenizer);
  const memo = new LinePriceMemo(
    () => readStoredValues(file, (prices): prices is Uint32Array => prices instanceof Uint32Array),
    linePriceDigest,
  );
  return {
    memo,
    save() {
      if (memo.added > 0) replaceFile(file, serialize(memo.kept(MAX_PRICE_BYTES)));
    },
  };
}

/** The file of a memo: one per engine build and tokenizer in `folder` of the cache. */
function memoFile(cache: ResultCache, folder: string, tokenizer: TokenizerName): string {
  const name = createHash('sha256').update(`${cache.build}\0${tokenizer}`).digest('hex');
  return join(cache.dir, folder, name.slice(0, 32));
}

/**
 * A memo's values by key; a file that cannot be read (absent, damaged) or holds anything else is
 * an empty memo: every value is made again.
 */
function readStoredValues<Value>(
  file: string,
  isValue: (value: unknown) => value is Value,
): Map<string, Value> {
  const stored = readStoredMap(file);
  for (const [key, value] of stored) {
    if (typeof key !== 'string' || !isValue(value)) return new Map();
  }
  return stored as Map<string, Value>;
}
