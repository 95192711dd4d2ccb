import type { TransferListItem } from 'node:worker_threads';
import { countLinesInBytes } from '@repobundle/contract/files';
import type { TokenizerName } from '@repobundle/contract/models';
import type { FileStageOptions, OutputFormat } from '../config/options.js';
import type { FileOutcome } from '../core/process-file.js';
import type { EntryLocation } from '../core/types.js';
import type * as FileStage from './file-stage.js';
import { linePriceDigest } from './line-price-digest.js';
import { readLocatedEntry } from './sources/read-located-entry.js';
import type { ResultCache } from './result-cache.js';
import { flushPackStores } from './result-packs.js';
import {
  cacheKey,
  contentDigest,
  keyWithin,
  optionsKey,
  outcomeFromStored,
  readCachedOutcome,
  readStoredOutcome,
  storedForm,
  writeStoredOutcome,
} from './result-cache.js';
import { loadTokenCounter } from '../core/tokens/index.js';
import type { TokenCounter } from '../core/tokens/token-counter.js';
import './tekken-vocabulary.js';
import './stored-rank-tables.js';

/**
 * The work a pool thread does: one file's read/decode/transform/count, or exact counts of texts.
 * A file comes either as its bytes or as a location the thread reads itself.
 */
export type WorkerRequest =
  | {
      readonly kind: 'process';
      readonly path: string;
      readonly input: { readonly bytes: Uint8Array } | { readonly location: EntryLocation };
      readonly options: FileStageOptions;
      /**
       * Where results are kept between runs; absent: no cache. A result is keyed by the digest
       * of the bytes read, so a wrong digest known beforehand never stores a wrong result.
       */
      readonly cache?: ResultCache;
      /** What the keys hold of the build and options (see optionsKey), taken once per run. */
      readonly optionsKey?: string;
      /** Price the processed file's lines in this format too (see ProcessedFile.linePrices). */
      readonly priceLinesAs?: OutputFormat;
    }
  | { readonly kind: 'count'; readonly texts: readonly string[]; readonly encoding: TokenizerName }
  | { readonly kind: 'measure'; readonly entries: readonly LocatedEntry[] }
  /** Write out the results this thread holds for the cache (see flushPackStores). */
  | { readonly kind: 'flush' };

/** An entry a thread reads itself. */
export interface LocatedEntry {
  readonly path: string;
  readonly location: EntryLocation;
}

/** What one read of an entry tells (see FileProcessor.measure), or why it could not be read. */
export type EntryMeasure =
  | { readonly ok: true; readonly digest: string; readonly lines: number }
  | { readonly ok: false; readonly reason: string };

/** See file-stage.ts: imported on the first file that the cache does not hold. */
let fileStage: Promise<typeof FileStage> | undefined;

export type WorkerResponse =
  | { readonly kind: 'process'; readonly outcome: FileOutcome }
  /**
   * A result read from the cache, in its stored form (see result-cache.ts), for the receiving
   * thread to decode: passed on as read, not decoded here and copied again into the message.
   */
  | { readonly kind: 'stored'; readonly stored: Uint8Array; readonly digest?: string }
  | { readonly kind: 'count'; readonly counts: number[] }
  | { readonly kind: 'measure'; readonly measures: EntryMeasure[] }
  | { readonly kind: 'flush' };

/**
 * One request's work, the same in a worker thread and inline; returns what to transfer back.
 * `stored`: answer results read from the cache in their stored form (a worker thread's answer).
 */
export async function runWorkerRequest(
  request: WorkerRequest,
  { stored: answerStored = false }: { stored?: boolean } = {},
): Promise<{ response: WorkerResponse; transfer: TransferListItem[] }> {
  if (request.kind === 'count') {
    const counter = await loadTokenCounter(request.encoding);
    return {
      response: { kind: 'count', counts: request.texts.map((text) => counter.count(text)) },
      transfer: [],
    };
  }
  if (request.kind === 'flush') {
    flushPackStores();
    return { response: { kind: 'flush' }, transfer: [] };
  }
  if (request.kind === 'measure') {
    return {
      response: { kind: 'measure', measures: request.entries.map(measureEntry) },
      transfer: [],
    };
  }
  const { path, input, options, cache } = request;
  let bytes: Uint8Array;
  try {
    bytes = 'bytes' in input ? input.bytes : readLocatedEntry(path, input.location);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return {
      response: {
        kind: 'process',
        outcome: { ok: false, skipped: { path, reason: { kind: 'read-failed', detail } } },
      },
      transfer: [],
    };
  }
  const digest = cache ? contentDigest(bytes) : undefined;
  const key =
    cache && digest
      ? keyWithin(request.optionsKey ?? optionsKey(cache, options), path, digest)
      : undefined;
  const hit = cache && key ? readStoredOutcome(cache, key, { own: answerStored }) : undefined;
  if (hit && answerStored) {
    return {
      response: { kind: 'stored', stored: hit, ...(digest && { digest }) },
      transfer: [hit.buffer as ArrayBuffer],
    };
  }
  const cached = hit && outcomeFromStored(hit, path);
  if (cached?.ok) {
    return {
      response: { kind: 'process', outcome: { ...cached, cached: true, digest } },
      transfer: transferOf(cached),
    };
  }
  const stage = await (fileStage ??= import('./file-stage.js'));
  const { countingTokenizer, enabledTransforms, processFile, withThreadParser } = stage;
  const counter = await loadTokenCounter(countingTokenizer(options));
  // Parsing costs time: only comment removal, compression, syntax-aware chunking and the import
  // graph of budget packing pay for it.
  const needsParser =
    options.findImports === true ||
    options.removeComments ||
    options.compress ||
    options.chunkingStrategy === 'semantic' ||
    options.chunkingStrategy === 'auto';
  const transforms = enabledTransforms(options);
  const outcome = needsParser
    ? await withThreadParser((parser) =>
        processFile(path, bytes, options, counter, transforms, parser),
      )
    : await processFile(path, bytes, options, counter, transforms);
  // Only results are stored: a failure may be passing (a thread that ran out of memory).
  if (cache && key && outcome.ok) writeStoredOutcome(cache, key, storedForm(outcome));
  const priced =
    request.priceLinesAs && outcome.ok
      ? withLinePrices(outcome, request.priceLinesAs, counter, stage, cache !== undefined)
      : outcome;
  const answer = priced.ok && digest ? { ...priced, digest } : priced;
  return { response: { kind: 'process', outcome: answer }, transfer: transferOf(priced) };
}

/** The stored result of a file whose content digest is known, marked as read from the cache. */
export function cachedByDigest(
  cache: ResultCache,
  path: string,
  digest: string,
  options: FileStageOptions,
): FileOutcome | undefined {
  const cached = readCachedOutcome(cache, cacheKey(cache, path, digest, options), path);
  return cached?.ok ? { ...cached, cached: true, unread: true, digest } : undefined;
}

/**
 * The result with its lines priced in `format` (see ProcessedFile.linePrices), and with their
 * key in the line price memo when the run keeps one (`keyed`: a run with a cache).
 */
function withLinePrices(
  outcome: Extract<FileOutcome, { ok: true }>,
  format: OutputFormat,
  counter: TokenCounter,
  stage: typeof FileStage,
  keyed: boolean,
): FileOutcome {
  const { file } = outcome;
  const renderer = stage.getRenderer(format);
  if (renderer.embedsVerbatim) return outcome;
  const prices = stage.priceLines(file, stage.lineStartsOf(file), renderer, counter);
  const key = keyed ? linePriceDigest(format, file.content) : undefined;
  return { ...outcome, file: { ...file, linePrices: { format, prices, ...(key && { key }) } } };
}

function transferOf(outcome: FileOutcome): TransferListItem[] {
  if (!outcome.ok) return [];
  const { linePrefix, linePrices } = outcome.file;
  return [linePrefix.buffer, ...(linePrices ? [linePrices.prices.buffer] : [])] as ArrayBuffer[];
}

function measureEntry({ path, location }: LocatedEntry): EntryMeasure {
  let bytes: Uint8Array;
  try {
    bytes = readLocatedEntry(path, location);
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
  return measureBytes(bytes);
}

/** A read entry's content digest and lines (lines as credits count them). */
export function measureBytes(bytes: Uint8Array): EntryMeasure {
  return { ok: true, digest: contentDigest(bytes), lines: countLinesInBytes(bytes) };
}
