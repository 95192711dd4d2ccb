import { stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { resolve as resolvePath } from 'node:path';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { BundleOptions, FileStageOptions, ResolvedOptions } from '../config/options.js';
import { fileStageOptions, resolveOptions } from '../config/options.js';
import { EngineError } from '../errors.js';
import type { Bundle, BundleOutput } from '../core/assemble-bundle.js';
import type { FileOutcome } from '../core/process-file.js';
import { assembleBundle } from '../core/assemble-bundle.js';
import { escapesContent, getRenderer } from '../core/render/index.js';
import { createWrapperMeasures } from '../core/chunk/index.js';
import type { WrapperMeasures } from '../core/chunk/index.js';
import { selectFiles, isExcludedFolder } from '../core/select/index.js';
import { countingTokenizer } from '../core/model-fit.js';
import { resolveBudget } from '../core/budget/resolve-budget.js';
import { assembleToBudget } from './pack-budget.js';
import { loadTokenCounter } from '../core/tokens/index.js';
import './tekken-vocabulary.js';
import './stored-rank-tables.js';
import type {
  ProcessedFile,
  SkippedFile,
  SourceEntry,
  SourceTree,
  ZipListing,
} from '../core/types.js';
import type { FileProcessor } from './file-processor.js';
import {
  createInlineProcessor,
  createPooledProcessor,
  defaultWorkerCount,
  preferThisThread,
  SHARED_FILE_BYTES,
  shareWithThisThread,
} from './file-processor.js';
import { readGitContext, wantsGitContext } from './git/git-context.js';
import type { GitContextRequest, GitContextResult } from './git/git-context.js';
import { redactGitContext } from './git/redact-git-context.js';
import { sortByChanges } from './git/sort-by-changes.js';
import { openDirectorySource, openZipSource } from './sources/index.js';
import type { ArchiveFiles } from './sources/archive-bytes.js';
import type { ResultCache } from './result-cache.js';
import { openFolderDigests } from './folder-digests.js';
import { SameContentResults } from './same-content.js';
import { openCountMemo, openLinePriceMemo } from './stored-count-memo.js';
import type { KeptBundle, KeptBundles } from './kept-bundles.js';

export type PackStage = 'selecting' | 'processing' | 'chunking' | 'done';

export interface PackProgress {
  readonly stage: PackStage;
  readonly done: number;
  readonly total: number;
}

export interface PackHooks {
  onProgress?(progress: PackProgress): void;
  signal?: AbortSignal;
  /** Worker threads for the file stage; 0 runs inline. Default: the cores, or inline for tiny inputs. */
  workers?: number;
  /**
   * A processor that outlives this pack (a server worker keeps one warm across jobs); used for
   * every source, tiny ones too, and not closed. `workers` is then ignored.
   */
  processor?: FileProcessor;
  /** The source's name in the overview, when the file on disk is not what the person named. */
  sourceName?: string;
  /** A ZIP's listing from an earlier open of the same bytes (see ZipListing). */
  zipListing?: ZipListing;
  /** Keep and reuse the file stage's results here (see result-cache.ts); absent: no cache. */
  cache?: ResultCache;
  /**
   * Content digests of the source's files (path to contentDigest of its bytes) from an earlier
   * pass over the same source: cached results are then found without reading those files.
   */
  digests?: ReadonlyMap<string, string>;
  /**
   * Remember the content digests of a folder's files in the cache between runs (see
   * folder-digests.ts), for a folder that outlives the run (not a temporary checkout).
   */
  rememberFolder?: boolean;
  /** Filled with the content digest of each file this run read with a cache (path to digest). */
  learnedDigests?: Map<string, string>;
  /**
   * Counts the run fills in for its caller (not part of the bundle, which must not vary): files
   * whose result came from the cache, and of those the ones found without reading the file; the
   * worker threads the run started (left unset when it made no pool).
   */
  counters?: { cachedFiles: number; unreadFiles?: number; threadsStarted?: number };
  /** Clock for the overview's timestamp (golden tests pin it). */
  now?: () => Date;
  /** Git context of the folder packed: diffs and log in the overview, files by change count. */
  git?: GitContextRequest;
  /**
   * Orders files by these change counts (see readChangeCounts), most changed last: for a source
   * made from a clone whose history the caller read (a ZIP of a repository's commit). The counts
   * read through `git` win when both are given.
   */
  changeCounts?: ReadonlyMap<string, number>;
}

/**
 * Sources smaller than this are packed on the calling thread: booting a worker (compiling the
 * engine, loading the vocabulary) costs about what one thread needs to count a few megabytes
 * (measured: bench small). On two cores the threads share them with the calling thread, and
 * packing inline measured as fast up to about 20 MB of npm packages, with a third less CPU.
 */
const INLINE_BYTES = (availableParallelism() <= 2 ? 16 : 4) * 1024 * 1024;
/**
 * In a folder packed before, files needing processing up to this many bytes are processed on
 * the calling thread (see preferThisThread): about 0.1 s of work, against 0.3 s to start a thread.
 */
const EDITED_BYTES_HERE = 4 * 1024 * 1024;
/** Files started between two turns of the event loop. */
const YIELD_EVERY = 64;
/** Files read ahead of the workers; enough to keep them busy, few enough to bound memory. */
const IN_FLIGHT = 16;

/**
 * Opens a folder, a .zip archive, or an archive kept in parts as a source tree; a ZIP's `listing`
 * from an earlier open of the same bytes spares judging its directory again.
 */
export async function openSource(path: ArchiveFiles, listing?: ZipListing): Promise<SourceTree> {
  if (typeof path !== 'string') return openZipSource(path, undefined, listing);
  const info = await stat(path).catch(() => undefined);
  if (!info) throw new EngineError('SOURCE_NOT_FOUND', `No such file or folder: ${path}`);
  if (info.isDirectory()) {
    return openDirectorySource(path, { prune: (_dir, name) => isExcludedFolder(name) });
  }
  return openZipSource(path, undefined, listing);
}

/**
 * Packs a folder or ZIP on disk, or a ZIP kept in parts (history is read only from a folder); the
 * source is closed afterwards.
 */
export async function pack(
  path: ArchiveFiles,
  options: BundleOptions = {},
  given: PackHooks = {},
): Promise<Bundle> {
  const bundle = await packSource(path, options, given);
  if ('kept' in bundle) throw new Error('a kept bundle was read without being asked for');
  return bundle;
}

/**
 * pack() for a caller that writes the bundle to a folder: when `keep` finds that an earlier run
 * packed the same input with the same options, that run's bundle is read back instead (see
 * kept-bundles.ts); otherwise the bundle is packed and handed to `keep`.
 */
export async function packKeeping(
  path: ArchiveFiles,
  options: BundleOptions,
  given: PackHooks,
  keep: KeptBundles,
): Promise<BundleOutput> {
  return packSource(path, options, given, keep);
}

async function packSource(
  path: ArchiveFiles,
  options: BundleOptions,
  given: PackHooks,
  keep?: KeptBundles,
): Promise<Bundle | KeptBundle> {
  const hooks = ofThisRun(given);
  const resolved = resolveOptions(options);
  const asked =
    typeof path === 'string' && wantsGitContext(hooks.git)
      ? await readGitContext(path, hooks.git as GitContextRequest, hooks.signal)
      : undefined;
  const git =
    asked?.changeCounts || typeof path !== 'string'
      ? asked
      : await historyForBudget(path, resolved, hooks, asked);
  if (hooks.processor) {
    const tree = await openSource(path, hooks.zipListing);
    try {
      return await runPipeline(tree, resolved, hooks, hooks.processor, git, keep);
    } finally {
      await tree.close();
    }
  }
  const startedMs = Date.now();
  const tree = await openSource(path, hooks.zipListing);
  let pool: FileProcessor | undefined;
  try {
    const rememberIn = hooks.rememberFolder && !hooks.digests ? hooks.cache : undefined;
    const folder =
      rememberIn && tree.kind === 'directory' && typeof path === 'string'
        ? openFolderDigests(rememberIn, resolvePath(path), tree.entries, startedMs)
        : undefined;
    // A folder packed before is likely unchanged: its results are read on this thread, as are
    // the few files edited since, and threads start only for more than that.
    const packedBefore = folder !== undefined && folder.known.size >= tree.entries.length / 2;
    // By default this thread shares the file stage with one thread fewer than the cores.
    const sharedWith = hooks.workers === undefined && !packedBefore ? sharingThreads() : undefined;
    if (hooks.workers !== 0 && !(hooks.workers === undefined && isTiny(tree))) {
      pool = createPooledProcessor(sharedWith ?? hooks.workers);
      if (!packedBefore) pool.warmUp(countingTokenizer(resolved));
    }
    const processor = !pool
      ? createInlineProcessor()
      : sharedWith !== undefined
        ? shareWithThisThread(pool, sharedWith)
        : packedBefore && hooks.workers === undefined
          ? preferThisThread(pool, EDITED_BYTES_HERE)
          : pool;
    if (!folder) return await runPipeline(tree, resolved, hooks, processor, git, keep);
    const learnedDigests = hooks.learnedDigests ?? new Map<string, string>();
    const bundle = await runPipeline(
      tree,
      resolved,
      { ...hooks, digests: folder.known, learnedDigests },
      processor,
      git,
      keep,
    );
    folder.save(learnedDigests);
    return bundle;
  } finally {
    if (hooks.counters && pool) hooks.counters.threadsStarted = pool.threadsStarted();
    await pool?.close();
    await tree.close();
  }
}

/** The whole pipeline over an open source tree (select, read, decode, transform, count, chunk, render). */
export async function packTree(
  tree: SourceTree,
  options: BundleOptions | ResolvedOptions,
  given: PackHooks = {},
): Promise<Bundle> {
  const hooks = ofThisRun(given);
  const resolved = resolveOptions(options);
  if (hooks.processor) return runPipeline(tree, resolved, hooks, hooks.processor);
  const workers = hooks.workers ?? (isTiny(tree) ? 0 : undefined);
  const processor = workers === 0 ? createInlineProcessor() : createPooledProcessor(workers);
  processor.warmUp(countingTokenizer(resolved));
  try {
    return await runPipeline(tree, resolved, hooks, processor);
  } finally {
    await processor.close();
  }
}

/**
 * Packing to a budget ranks files by how often history changed them: read that history quietly
 * when the input is a git work tree (nothing is said when it is not), without sorting by it.
 */
async function historyForBudget(
  path: string,
  options: ResolvedOptions,
  hooks: PackHooks,
  asked: GitContextResult | undefined,
): Promise<(GitContextResult & { readonly rankOnly?: boolean }) | undefined> {
  if (resolveBudget(options) === undefined || hooks.changeCounts) return asked;
  const request = { includeDiffs: false, includeLogs: undefined, sortByChanges: true };
  const read = await readGitContext(path, request, hooks.signal).catch(() => undefined);
  if (!read?.changeCounts) return asked;
  return {
    context: asked?.context,
    notes: asked?.notes ?? [],
    changeCounts: read.changeCounts,
    rankOnly: true,
  };
}

/**
 * The hooks with a cache object of this run's own: a cache read checks each pack once per cache
 * object (see readStoredOutcome), so a caller that packs again with the same object (--watch, an
 * MCP server) still finds a pack removed since its last pack missing.
 */
function ofThisRun(hooks: PackHooks): PackHooks {
  return hooks.cache ? { ...hooks, cache: { ...hooks.cache } } : hooks;
}

/** Threads that share the file stage with the calling thread: one fewer than the cores. */
function sharingThreads(): number {
  return Math.max(1, defaultWorkerCount() - 1);
}

/** Below this much input, starting threads costs more than it saves. */
function isTiny(tree: SourceTree): boolean {
  return tree.entries.reduce((sum, entry) => sum + entry.size, 0) < INLINE_BYTES;
}

function runPipeline(
  tree: SourceTree,
  resolved: ResolvedOptions,
  hooks: PackHooks,
  processor: FileProcessor,
  git?: GitContextResult & { readonly rankOnly?: boolean },
): Promise<Bundle>;
function runPipeline(
  tree: SourceTree,
  resolved: ResolvedOptions,
  hooks: PackHooks,
  processor: FileProcessor,
  git: (GitContextResult & { readonly rankOnly?: boolean }) | undefined,
  keep: KeptBundles | undefined,
): Promise<Bundle | KeptBundle>;
async function runPipeline(
  tree: SourceTree,
  resolved: ResolvedOptions,
  hooks: PackHooks,
  processor: FileProcessor,
  git?: GitContextResult & { readonly rankOnly?: boolean },
  keep?: KeptBundles,
): Promise<Bundle | KeptBundle> {
  const report = hooks.onProgress ?? (() => undefined);
  report({ stage: 'selecting', done: 0, total: tree.entries.length });
  const selection = await selectFiles(tree, resolved);
  const { skipped } = selection;
  const changeCounts = git?.changeCounts ?? hooks.changeCounts;
  const selected =
    changeCounts && !git?.rankOnly
      ? sortByChanges(selection.selected, changeCounts)
      : selection.selected;
  throwIfAborted(hooks.signal);
  const sourceName = hooks.sourceName ?? tree.name;
  const generatedAt = hooks.now?.() ?? new Date();
  const kept = keep?.find(
    {
      options: resolved,
      sourceName,
      kind: tree.kind,
      selected,
      skipped,
      context: [git ?? null, hooks.changeCounts ?? null],
    },
    getRenderer(resolved.outputFormat, { template: resolved.template }),
    generatedAt,
  );
  if (kept) {
    if (hooks.counters) {
      hooks.counters.cachedFiles = kept.files.length;
      hooks.counters.unreadFiles = kept.files.length;
    }
    report({ stage: 'done', done: kept.files.length, total: kept.files.length });
    return kept;
  }
  // The chunk stage on this thread needs the tokenizer too: loaded while the threads boot.
  const tokenizer = countingTokenizer(resolved);
  const counts = hooks.cache && openCountMemo(hooks.cache, tokenizer);
  const threadCounter = await loadTokenCounter(tokenizer);
  const counter = counts ? counts.memo.wrap(threadCounter) : threadCounter;
  const prices = hooks.cache && openLinePriceMemo(hooks.cache, tokenizer);
  // The chunk stage's wrapper measures, made as the files' results arrive: on a first run this
  // thread would otherwise wait for the threads, then measure every file after them.
  let wrappers: WrapperMeasures | undefined;
  const outcome = await processEntries(selected, resolved, processor, hooks, report, (file) => {
    // A file cut down to its path is never written into a chunk (see assembleBundle).
    if (file.level === 'path_only') return;
    wrappers ??= createWrapperMeasures({
      renderer: getRenderer(resolved.outputFormat, { template: resolved.template }),
      counter,
      options: resolved,
      sourceName,
    });
    wrappers.pieceOverhead(file);
  });
  throwIfAborted(hooks.signal);
  report({ stage: 'chunking', done: 0, total: outcome.files.length });
  const assemble = {
    source: { name: sourceName, kind: tree.kind },
    options: resolved,
    skipped: [...skipped, ...outcome.skipped].sort((a, b) => compareText(a.path, b.path)),
    counter,
    countTexts: (texts: readonly string[]) => {
      const count = (missing: readonly string[]) => processor.countTexts(missing, tokenizer);
      return counts ? counts.memo.countMany(texts, count) : count(texts);
    },
    ...(prices && { linePrices: prices.memo }),
    ...(wrappers && { wrappers }),
    generatedAt,
    ...(git?.context && { git: redactGitContext(git.context, resolved) }),
    ...(git && git.notes.length > 0 && { sourceNotes: git.notes }),
  };
  const budget = resolveBudget(resolved);
  const bundle = budget
    ? await assembleToBudget({
        budget,
        assemble,
        files: outcome.files,
        entries: selected,
        fileOptions: fileStageOptions(resolved),
        processor,
        cache: hooks.cache,
        changeCounts,
      })
    : await assembleBundle({ ...assemble, files: outcome.files });
  if (counts) counts.save();
  if (prices) prices.save();
  keep?.made(bundle);
  report({ stage: 'done', done: outcome.files.length, total: outcome.files.length });
  return bundle;
}

/**
 * Reads and processes entries with a bounded number in flight, so memory holds a few raw files
 * at a time rather than the archive; results keep the source order.
 */
async function processEntries(
  entries: readonly SourceEntry[],
  options: ResolvedOptions,
  processor: FileProcessor,
  hooks: PackHooks,
  report: (progress: PackProgress) => void,
  /** Called with each file's result as it arrives. */
  onFile: (file: ProcessedFile) => void,
): Promise<{ files: ProcessedFile[]; skipped: SkippedFile[] }> {
  const outcomes: FileOutcome[] = new Array(entries.length);
  // Packing to a budget ranks files by their importers: read imports from the syntax trees.
  const fileOptions: FileStageOptions = {
    ...fileStageOptions(options),
    ...(resolveBudget(options) !== undefined && { findImports: true }),
  };
  const sameContent = new SameContentResults();
  const priceLinesAs = escapesContent(options.outputFormat) ? options.outputFormat : undefined;
  const order = new WorkOrder(entries);
  let started = 0;
  let done = 0;
  const lane = async (largeFirst: boolean) => {
    for (;;) {
      throwIfAborted(hooks.signal);
      const index = order.take(largeFirst);
      if (index === undefined) return;
      const entry = entries[index] as SourceEntry;
      // Results read from the cache on this thread come back at once: let other work run.
      if (started++ % YIELD_EVERY === YIELD_EVERY - 1) await yieldToEventLoop();
      const digest = hooks.digests?.get(entry.path);
      const outcome = await sameContent.process(entry.path, digest, () =>
        processor.process(entry, fileOptions, hooks.cache, digest, priceLinesAs),
      );
      outcomes[index] = outcome;
      if (outcome.ok) onFile(outcome.file);
      done++;
      if (done % 64 === 0 || done === entries.length) {
        report({ stage: 'processing', done, total: entries.length });
      }
    }
  };
  const lanes = Math.min(IN_FLIGHT, entries.length);
  await Promise.all(Array.from({ length: lanes }, (_, at) => lane(at < LARGE_FIRST_LANES)));
  // Results made for the cache are held a moment (see result-packs.ts): every reader finds them
  // from here on, a run or job that starts next included.
  await processor.flush();
  const files: ProcessedFile[] = [];
  const skipped: SkippedFile[] = [];
  outcomes.forEach((outcome, index) => {
    if (outcome.ok && outcome.digest && hooks.learnedDigests) {
      hooks.learnedDigests.set((entries[index] as SourceEntry).path, outcome.digest);
    }
    if (outcome.ok && outcome.cached && hooks.counters) {
      hooks.counters.cachedFiles++;
      if (outcome.unread) hooks.counters.unreadFiles = (hooks.counters.unreadFiles ?? 0) + 1;
    }
    if (outcome.ok) files.push(outcome.file);
    else skipped.push(outcome.skipped);
  });
  return { files, skipped };
}

/** Lanes of the file stage that start the large files (see WorkOrder) before the others. */
const LARGE_FIRST_LANES = 2;

/**
 * The order files are started in: source order, except that a few lanes go through the large
 * files (those the calling thread leaves to the threads, see SHARED_FILE_BYTES) from the start.
 * In source order the file stage ended with a thread finishing the last large file while the
 * calling thread waited (about 150 ms of a first run of npm18); started early, they are done
 * while small files keep every thread busy. Results keep the source order whatever the order
 * of work.
 */
class WorkOrder {
  readonly #large: number[] = [];
  readonly #rest: number[] = [];
  #nextLarge = 0;
  #nextRest = 0;

  constructor(entries: readonly SourceEntry[]) {
    entries.forEach((entry, index) =>
      (entry.size > SHARED_FILE_BYTES ? this.#large : this.#rest).push(index),
    );
  }

  /** The next file to start, a large one first for a lane that starts those; none when all are. */
  take(largeFirst: boolean): number | undefined {
    if (largeFirst && this.#nextLarge < this.#large.length) return this.#large[this.#nextLarge++];
    if (this.#nextRest < this.#rest.length) return this.#rest[this.#nextRest++];
    if (this.#nextLarge < this.#large.length) return this.#large[this.#nextLarge++];
    return undefined;
  }
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new EngineError('CANCELLED', 'The job was cancelled.');
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
