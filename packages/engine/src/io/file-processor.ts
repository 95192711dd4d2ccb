import { availableParallelism } from 'node:os';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { TokenizerName } from '@repobundle/contract/models';
import type { FileStageOptions, OutputFormat } from '../config/options.js';
import { fileStageOptions } from '../config/options.js';
import type { FileOutcome } from '../core/process-file.js';
import type { SourceEntry } from '../core/types.js';
import type {
  EntryMeasure,
  LocatedEntry,
  WorkerRequest,
  WorkerResponse,
} from './process-file-task.js';
import { cachedByDigest, measureBytes, runWorkerRequest } from './process-file-task.js';
import { TASKS_PER_WORKER, WorkerPool } from './worker-pool.js';
import type { ResultCache } from './result-cache.js';
import { optionsKey, outcomeFromStored } from './result-cache.js';
import { flushPackStores } from './result-packs.js';

/**
 * Runs the CPU-heavy work of a pack (the file stage, counting rendered chunks) either inline or on
 * a worker pool; the pipeline does not care which.
 */
export interface FileProcessor {
  /** Reads (on a worker thread when the entry has a location) and processes one entry. */
  process(
    entry: SourceEntry,
    options: FileStageOptions,
    cache?: ResultCache,
    /** The entry's content digest, when known from an earlier pass (see result-cache.ts). */
    digest?: string,
    /**
     * A format that escapes content: a thread that processes the file prices its lines in it
     * too (see ProcessedFile.linePrices). Inline, the chunk stage prices them when it needs to.
     */
    priceLinesAs?: OutputFormat,
  ): Promise<FileOutcome>;
  countTexts(texts: readonly string[], encoding: TokenizerName): Promise<number[]>;
  /**
   * Reads each entry once for its content digest and lines (what a job's credits are computed
   * from), on the threads where the entries have a location; in the entries' order.
   */
  measure(entries: readonly SourceEntry[]): Promise<EntryMeasure[]>;
  /** Starts the threads and loads the tokenizer in each, so the first files do not wait for it. */
  warmUp(encoding: TokenizerName): void;
  /**
   * Writes out the results that this thread and the processor's threads hold for the cache (see
   * result-packs.ts), so every reader finds them: at the end of a run's file stage.
   */
  flush(): Promise<void>;
  /** Threads this processor has started (none inline). */
  threadsStarted(): number;
  close(): Promise<void>;
}

/**
 * `likeAThread`: do a file's work as a pool thread would (read an entry with a location at once,
 * with a blocking read, and price its lines in a format that escapes content), for a calling
 * thread that shares the file stage with the threads. Otherwise entries are read without blocking
 * the thread, and the chunk stage prices lines when it needs them.
 */
export function createInlineProcessor({ likeAThread = false } = {}): FileProcessor {
  return {
    async process(entry, options, cache, digest, priceLinesAs) {
      const known =
        cache && digest ? cachedByDigest(cache, entry.path, digest, options) : undefined;
      if (known) return known;
      let input: WorkerInput;
      if (likeAThread && entry.location) {
        input = { location: entry.location };
      } else {
        const bytes = await readBytes(entry);
        if (!(bytes instanceof Uint8Array)) return bytes;
        input = { bytes };
      }
      const { response } = await runWorkerRequest({
        kind: 'process',
        path: entry.path,
        input,
        options,
        ...(cache && { cache }),
        ...(likeAThread && priceLinesAs && { priceLinesAs }),
      });
      return (response as Extract<WorkerResponse, { kind: 'process' }>).outcome;
    },
    async countTexts(texts, encoding) {
      const { response } = await runWorkerRequest({ kind: 'count', texts, encoding });
      return (response as Extract<WorkerResponse, { kind: 'count' }>).counts;
    },
    measure: (entries) => measureOnThisThread(entries),
    warmUp() {},
    flush: async () => flushPackStores(),
    threadsStarted: () => 0,
    close: async () => flushPackStores(),
  };
}

/** How a file reaches the thread that processes it: its bytes, or where to read them. */
type WorkerInput = Extract<WorkerRequest, { kind: 'process' }>['input'];

/** The worker script sits beside this module: .js when built, .ts under the sources (tests). */
function workerScript(): URL {
  const extension = import.meta.url.endsWith('.ts') ? 'ts' : 'js';
  return new URL(`./process-file-worker.${extension}`, import.meta.url);
}

export function defaultWorkerCount(): number {
  return availableParallelism();
}

/** Chunks are counted in batches of at least this many characters, so every thread gets work. */
const COUNT_BATCH_CHARS = 256 * 1024;

export function createPooledProcessor(size = defaultWorkerCount()): FileProcessor {
  const pool = new WorkerPool<WorkerRequest, WorkerResponse>(workerScript(), size);
  const flush = async () => {
    // This thread's too: a processor that shares the file stage with this thread (see
    // shareWithThisThread) stores results here.
    flushPackStores();
    await pool.runOnEach({ kind: 'flush' });
  };
  return {
    async process(entry, options, cache, digest, priceLinesAs) {
      const { path, location } = entry;
      let input: WorkerInput;
      let transfer: ArrayBuffer[] = [];
      if (cache && digest) {
        // A result found by its digest is read here: handing it to a thread and its text back
        // costs more than reading it (a cached run of 11,778 files: 3.3 s against 3.0 s).
        const known = cachedByDigest(cache, path, digest, options);
        if (known) return known;
      }
      if (location) {
        input = { location };
      } else {
        const bytes = await readBytes(entry);
        if (!(bytes instanceof Uint8Array)) return bytes;
        input = { bytes };
        transfer = [bytes.buffer as ArrayBuffer];
      }
      try {
        const response = await pool.run(
          {
            kind: 'process',
            path,
            input,
            options: fileStageOptions(options),
            // The digest is not passed on: its result was just looked up here and missed.
            ...(cache && { cache, optionsKey: optionsKey(cache, options) }),
            ...(priceLinesAs && { priceLinesAs }),
          },
          transfer,
        );
        if (response.kind === 'process') return response.outcome;
        if (response.kind !== 'stored') throw new Error('unexpected worker answer');
        const outcome = outcomeFromStored(response.stored, path);
        if (outcome?.ok) {
          return { ...outcome, cached: true, ...(response.digest && { digest: response.digest }) };
        }
        // A stored result that does not decode (a damaged cache): the file is processed again.
        return await createInlineProcessor().process(entry, options);
      } catch (error) {
        const detail = error instanceof Error ? error.message : String(error);
        return { ok: false, skipped: { path, reason: { kind: 'processing-failed', detail } } };
      }
    },
    async countTexts(texts, encoding) {
      // Handed over at once, as at most the tasks the threads take before answering: the calling
      // thread goes on rendering the next chunks meanwhile and reads no answers until it waits.
      const chars = texts.reduce((sum, text) => sum + text.length, 0);
      const perBatch = Math.max(COUNT_BATCH_CHARS, Math.ceil(chars / (size * TASKS_PER_WORKER)));
      const batches = batchByLength(texts, perBatch);
      const results = await Promise.all(
        batches.map(async (batch) => {
          const response = await pool.run({ kind: 'count', texts: batch, encoding });
          if (response.kind !== 'count') throw new Error('unexpected worker answer');
          return response.counts;
        }),
      );
      const counts = results.flat();
      if (counts.some((count) => Number.isNaN(count)))
        throw new Error('a worker failed to count a chunk');
      return counts;
    },
    async measure(entries) {
      const measures = new Array<EntryMeasure>(entries.length);
      const batches: { indexes: number[]; located: LocatedEntry[] }[] = [];
      let batch: { indexes: number[]; located: LocatedEntry[] } | undefined;
      let batchBytes = 0;
      const hereIndexes: number[] = [];
      entries.forEach((entry, index) => {
        if (!entry.location) {
          hereIndexes.push(index);
          return;
        }
        if (!batch || batchBytes >= MEASURE_BATCH_BYTES) {
          batch = { indexes: [], located: [] };
          batches.push(batch);
          batchBytes = 0;
        }
        batch.indexes.push(index);
        batch.located.push({ path: entry.path, location: entry.location });
        batchBytes += entry.size;
      });
      const onThreads = batches.map(async ({ indexes, located }) => {
        const response = await pool.run({ kind: 'measure', entries: located });
        if (response.kind !== 'measure') throw new Error('unexpected worker answer');
        indexes.forEach((index, at) => (measures[index] = response.measures[at]!));
      });
      const here = measureOnThisThread(hereIndexes.map((index) => entries[index]!)).then(
        (measured) => hereIndexes.forEach((index, at) => (measures[index] = measured[at]!)),
      );
      await Promise.all([here, ...onThreads]);
      return measures;
    },
    warmUp(encoding) {
      for (let thread = 0; thread < size; thread++) {
        pool.run({ kind: 'count', texts: [''], encoding }).catch(() => undefined);
      }
    },
    flush,
    threadsStarted: () => pool.started,
    async close() {
      await flush();
      await pool.close();
    },
  };
}

/**
 * `pool`, except that files needing processing are processed on this thread until their sizes
 * add up to `budgetBytes`, and counts of texts of at most that many characters are made here
 * while no thread runs: for a run whose results are mostly known (a folder packed before, a few
 * files edited), starting a thread (compiling the engine and loading the tokenizer in it, about
 * 0.3 s) costs more than processing those few files here. Past the budget, work goes to the
 * threads.
 */
export function preferThisThread(pool: FileProcessor, budgetBytes: number): FileProcessor {
  const here = createInlineProcessor();
  let spent = 0;
  return {
    ...pool,
    process(entry, options, cache, digest, priceLinesAs) {
      if ((cache && digest) || spent + entry.size > budgetBytes) {
        return pool.process(entry, options, cache, digest, priceLinesAs);
      }
      spent += entry.size;
      return here.process(entry, options, cache);
    },
    countTexts(texts, encoding) {
      const chars = texts.reduce((sum, text) => sum + text.length, 0);
      if (pool.threadsStarted() > 0 || chars > budgetBytes) return pool.countTexts(texts, encoding);
      return here.countTexts(texts, encoding);
    },
  };
}

/**
 * Files larger than this go to the threads even while the calling thread shares the file stage:
 * processing one blocks the calling thread, which also hands the threads their next files. First
 * runs of the bench's npm18 corpus (two cores, one thread and the calling thread) took 2.57 to
 * 2.60 s with 256 KB, 2.73 to 2.77 s with 64 KB, 2.87 to 2.92 s with 1 MB and 2.90 to 2.94 s
 * without a bound.
 */
export const SHARED_FILE_BYTES = 256 * 1024;

/**
 * `pool` with the calling thread as one more lane of the file stage: a file goes to the threads
 * while they hold fewer tasks than they take at once (see TASKS_PER_WORKER), and is processed
 * here when they are full, unless it is large or its result is known. The calling thread is idle
 * for about half of a first run's file stage; a thread of its own costs a compiled engine, a
 * loaded tokenizer and a heap. On two cores, one thread sharing with the calling thread packed
 * npm18 for the first time in 2.39 to 2.64 s against 2.66 to 2.91 s with two threads, with a
 * fifth less CPU and 70 MB less memory.
 */
export function shareWithThisThread(pool: FileProcessor, threads: number): FileProcessor {
  const here = createInlineProcessor({ likeAThread: true });
  const room = threads * TASKS_PER_WORKER;
  let onThreads = 0;
  const process: FileProcessor['process'] = async (entry, options, cache, digest, priceLinesAs) => {
    if (onThreads >= room && entry.size <= SHARED_FILE_BYTES && !(cache && digest)) {
      // Processing here reads the file at once: without a turn of the event loop first, files
      // would follow each other here while the threads' answers (and so their next files)
      // waited; a thread sat idle for 0.6 s of a 2.6 s run.
      await yieldToEventLoop();
      if (onThreads >= room) return here.process(entry, options, cache, undefined, priceLinesAs);
    }
    onThreads++;
    try {
      return await pool.process(entry, options, cache, digest, priceLinesAs);
    } finally {
      onThreads--;
    }
  };
  return { ...pool, process };
}

/** Entries are measured in batches of about this many bytes, so every thread gets work. */
const MEASURE_BATCH_BYTES = 4 * 1024 * 1024;

/** Entries read on this thread at once: enough to overlap reads, few inflated at a time. */
const MEASURE_LANES = 4;

async function measureOnThisThread(entries: readonly SourceEntry[]): Promise<EntryMeasure[]> {
  const measures = new Array<EntryMeasure>(entries.length);
  let next = 0;
  const lane = async () => {
    while (next < entries.length) {
      const index = next++;
      try {
        measures[index] = measureBytes(await entries[index]!.read());
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        measures[index] = { ok: false, reason };
      }
    }
  };
  await Promise.all(Array.from({ length: MEASURE_LANES }, lane));
  return measures;
}

/** The entry's bytes on this thread, or the skip record when it cannot be read. */
async function readBytes(entry: SourceEntry): Promise<Uint8Array | FileOutcome> {
  try {
    return await entry.read();
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, skipped: { path: entry.path, reason: { kind: 'read-failed', detail } } };
  }
}

function batchByLength(texts: readonly string[], maxChars: number): string[][] {
  const batches: string[][] = [];
  let current: string[] = [];
  let size = 0;
  for (const text of texts) {
    if (current.length > 0 && size + text.length > maxChars) {
      batches.push(current);
      current = [];
      size = 0;
    }
    current.push(text);
    size += text.length;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}
