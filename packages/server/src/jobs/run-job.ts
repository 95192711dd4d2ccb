import type { JobError, JobStage } from '@repobundle/contract';
import {
  describeSkipReason,
  PartsEncoder,
  EngineError,
  pack,
  type Bundle,
  type FileProcessor,
  type PackProgress,
  type ResultCache,
} from '@repobundle/engine';
import { creditsForLines, effectiveTokenBudget } from '@repobundle/contract';
import { inTransaction } from '../db/repositories/index.js';
import { chunkSummaries } from './chunk-summaries.js';
import type { JobRow } from '../db/repositories/jobs.repository.js';
import type { StoredOutput, StoredStatistics } from '../presenters/job.presenter.js';
import { presentFileNotes, presentSecrets, storedOptions } from '../presenters/job.presenter.js';
import { presentPacking } from '../presenters/packing.presenter.js';
import { accountCache } from '../services/account-cache.js';
import type { ServiceContext } from '../services/context.js';
import { refundReservation, settleCredits, type Reservation } from '../services/job-credits.js';
import { deleteArchive, localArchive } from '../services/job-archive.js';
import { engineOptions } from '../services/job-options.js';
import {
  attemptPrefix,
  changeCountsKey,
  digestsKey,
  jobPrefix,
  listingKey,
} from '../services/jobs.service.js';
import { readStoredChangeCounts } from './stored-change-counts.js';
import { readStoredDigests } from './stored-digests.js';
import { readStoredListing } from './stored-listing.js';

/** A job is tried at most this many times (a worker that died counts as a try). */
export const MAX_ATTEMPTS = 3;

export interface WorkerRuntime {
  /** How often a running job proves its worker alive (and learns whether it still owns the job). */
  heartbeatMs: number;
  /** Progress is written at most this often. */
  progressMs: number;
  /** The engine's worker threads, kept warm across jobs (each pack would boot its own). */
  processor?: FileProcessor;
  /** Names this process on the job row and in logs (host and process id). */
  workerId?: string;
  /** Aborted when the process shuts down: the running attempt is handed back to the queue. */
  shutdown?: AbortSignal;
  /** Called as each stage of a job ends (metrics). */
  onStage?: (stage: JobStageName, seconds: number) => void;
  /** Called with the archive's size and the pack stage's time (engine throughput). */
  onPacked?: (bytes: number, seconds: number) => void;
  /** File results kept between jobs (shared by every worker process); absent: no cache. */
  cache?: ResultCache;
  /** Called after each pack that used the cache (to keep it within its size). */
  onCacheUsed?: () => void;
}

/** The stages a job's time is measured in. */
export type JobStageName = 'read' | 'pack' | 'store' | 'settle';

/** How one run of the handler ended. */
export type JobOutcome =
  | 'succeeded'
  | 'failed'
  /** Deleted, finished or taken over by a newer attempt while this one ran. */
  | 'abandoned'
  /** Given back to the queue because this process is shutting down. */
  | 'handed-back'
  /** Not this run's to do (not pending, or already done). */
  | 'skipped';

/** Tries that count against MAX_ATTEMPTS: claims, less those handed back at a shutdown. */
export const countedAttempts = (job: { attempts: number; handbacks: number }) =>
  job.attempts - job.handbacks;

const heldBy = (job: JobRow): Reservation => ({
  monthly: job.reserved_monthly,
  purchased: job.reserved_purchased,
});

/** The percentage shown for an engine stage (processing moves with the files done). */
function percentOf(progress: PackProgress): { stage: JobStage; percent: number } {
  switch (progress.stage) {
    case 'selecting':
      return { stage: 'selecting', percent: 10 };
    case 'processing':
      return {
        stage: 'processing',
        percent: 10 + Math.round((70 * progress.done) / Math.max(progress.total, 1)),
      };
    case 'chunking':
      return { stage: 'chunking', percent: 85 };
    default:
      return { stage: 'writing', percent: 90 };
  }
}

/**
 * Marks a job failed and returns its credits, once (the row lock orders racing callers). With
 * `attempt`, only while that attempt still owns the job: a stale attempt's error must not fail
 * the attempt that replaced it.
 */
export async function failJob(
  ctx: ServiceContext,
  jobId: string,
  message: string,
  attempt?: number,
): Promise<void> {
  await inTransaction(ctx.db, async (repos) => {
    const job = await repos.jobs.lock(jobId);
    if (!job || job.status === 'succeeded' || job.status === 'failed') return;
    if (attempt !== undefined && job.attempts !== attempt) return;
    await refundReservation(repos, job.user_id, job.id, heldBy(job));
    await repos.jobs.update(job.id, {
      status: 'failed',
      error: message,
      finished_at: ctx.now(),
      heartbeat_at: null,
    });
  });
}

/** Claims a queued job for this worker: pending -> processing, one more attempt. */
async function claim(
  ctx: ServiceContext,
  jobId: string,
  workerId: string | null,
): Promise<JobRow | 'exhausted' | null> {
  return inTransaction(ctx.db, async (repos) => {
    const job = await repos.jobs.lock(jobId);
    if (!job || job.status !== 'pending') return null;
    if (countedAttempts(job) >= MAX_ATTEMPTS) return 'exhausted';
    const now = ctx.now();
    await repos.jobs.update(job.id, {
      status: 'processing',
      attempts: job.attempts + 1,
      worker_id: workerId,
      started_at: job.started_at ?? now,
      heartbeat_at: now,
      progress_stage: 'reading',
      progress_percent: 5,
    });
    return { ...job, status: 'processing', attempts: job.attempts + 1, worker_id: workerId };
  });
}

function errorsOf(bundle: Bundle): JobError[] {
  return bundle.skipped
    .filter((skipped) => skipped.reason.kind !== 'not-selected')
    .map((skipped) => ({
      path: skipped.path,
      reason: skipped.reason.kind,
      message: describeSkipReason(skipped.reason),
    }));
}

/**
 * Outputs stored at once. Each put syncs its file to disk before it counts as stored, and a disk
 * completes many syncs together about as fast as one, so one at a time left the job waiting on
 * the disk (953 outputs of a 200 MB archive took 13 s); a few at a time bounds the memory held.
 */
const STORE_CONCURRENCY = 8;

/**
 * Stores the overview and every chunk under this attempt's own folder. A chunk's text is rendered
 * when its turn comes (the bundle holds the plan, not the text), so a few are in memory at once.
 */
async function storeOutputs(
  ctx: ServiceContext,
  job: JobRow,
  bundle: Bundle,
  signal: AbortSignal,
): Promise<StoredOutput[]> {
  const files = [
    { path: bundle.overview.fileName, parts: () => [bundle.overview.text] },
    ...bundle.chunks.map((chunk) => ({
      path: `chunks/${chunk.fileName}`,
      parts: () => chunk.textParts(),
    })),
  ];
  const prefix = attemptPrefix(job.id, job.attempts);
  const stored: StoredOutput[] = new Array<StoredOutput>(files.length);
  let next = 0;
  let failed = false;
  const lane = async () => {
    // Each lane encodes into a buffer of its own, free again once its put has returned.
    const encoder = new PartsEncoder();
    while (next < files.length && !failed) {
      if (signal.aborted) throw new AttemptStopped();
      const index = next++;
      const file = files[index] as (typeof files)[number];
      const body = encoder.encode(file.parts());
      const { size } = await ctx.storage.put(`${prefix}${file.path}`, body);
      stored[index] = { path: file.path, size };
    }
  };
  // Every lane has stopped before this returns or throws: the caller then removes the attempt's
  // folder, and no put may land in it afterwards.
  const lanes = Array.from({ length: Math.min(STORE_CONCURRENCY, files.length) }, () =>
    lane().catch((error: unknown) => {
      failed = true;
      throw error;
    }),
  );
  const settled = await Promise.allSettled(lanes);
  const rejected = settled.find((result) => result.status === 'rejected');
  if (rejected) throw rejected.reason;
  return stored;
}

/** This attempt no longer owns its job, or the process is shutting down. */
class AttemptStopped extends Error {
  constructor() {
    super('the attempt was stopped');
    this.name = 'AttemptStopped';
  }
}

/** Rejects with AttemptStopped as soon as `signal` aborts; `work` is left to fail on its own. */
function unlessStopped<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    work.catch(() => undefined);
    return Promise.reject(new AttemptStopped());
  }
  return new Promise<T>((resolve, reject) => {
    const stop = () => {
      work.catch(() => undefined);
      reject(new AttemptStopped());
    };
    signal.addEventListener('abort', stop, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', stop);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', stop);
        reject(error instanceof EngineError && signal.aborted ? new AttemptStopped() : error);
      },
    );
  });
}

/**
 * Gives a job back to the queue at a shutdown: pending again, the claim not counted as a try,
 * queued at once so another worker takes it without waiting for the stale-heartbeat sweep.
 */
async function handBack(ctx: ServiceContext, job: JobRow): Promise<boolean> {
  const returned = await inTransaction(ctx.db, async (repos) => {
    const locked = await repos.jobs.lock(job.id);
    if (!locked || locked.status !== 'processing' || locked.attempts !== job.attempts) return false;
    await repos.jobs.update(job.id, {
      status: 'pending',
      handbacks: locked.handbacks + 1,
      heartbeat_at: null,
      worker_id: null,
      progress_stage: 'queued',
      progress_percent: 0,
    });
    return true;
  });
  if (returned) await ctx.queue.enqueue(job.id, job.attempts);
  return returned;
}

/** Removes objects under the job's attempts other than the live one (superseded attempts). */
async function removeOtherAttempts(ctx: ServiceContext, job: JobRow): Promise<void> {
  const live = attemptPrefix(job.id, job.attempts);
  for (const object of await ctx.storage.list(`${jobPrefix(job.id)}attempts`)) {
    if (!object.key.startsWith(live)) await ctx.storage.delete(object.key);
  }
}

/**
 * The queue's handler: runs the engine on the job's archive and records the result. Idempotent:
 * a job that is not pending (done, failed, deleted, or running elsewhere) is left alone, and
 * settling happens under the job's row lock only while this attempt still owns the job, so a
 * retried job is never charged twice. Outputs go to the attempt's own folder and become live
 * only with the settlement; an attempt that loses its job (deleted, or retried after this
 * worker froze) stops at its next heartbeat and removes what it wrote.
 */
export async function runJob(
  ctx: ServiceContext,
  jobId: string,
  runtime: WorkerRuntime,
): Promise<JobOutcome> {
  const workerId = runtime.workerId ?? null;
  const claimed = await claim(ctx, jobId, workerId);
  if (claimed === null) return 'skipped';
  if (claimed === 'exhausted') {
    await failJob(
      ctx,
      jobId,
      `Processing failed ${MAX_ATTEMPTS} times; your credits were refunded.`,
    );
    return 'failed';
  }
  const job = claimed;
  const log = ctx.logger.child({ jobId: job.id, attempt: job.attempts, workerId });
  const stop = new AbortController();
  const onShutdown = () => stop.abort('shutdown');
  if (runtime.shutdown?.aborted) onShutdown();
  runtime.shutdown?.addEventListener('abort', onShutdown, { once: true });
  let stageStarted = Date.now();
  const stageEnded = (stage: JobStageName, extra: Record<string, unknown> = {}) => {
    const seconds = (Date.now() - stageStarted) / 1000;
    stageStarted = Date.now();
    runtime.onStage?.(stage, seconds);
    log.info({ stage, seconds, ...extra }, `job stage ${stage} done`);
  };

  const started = Date.now();
  // The heartbeat proves this worker alive to the stuck-job sweeper and tells it whether the
  // job is still its own; progress rides along.
  let current: { stage: JobStage; percent: number } = { stage: 'reading', percent: 5 };
  let lastWrite = 0;
  const write = () =>
    ctx.repos.jobs
      .reportProgress(job.id, job.attempts, current.stage, current.percent, ctx.now())
      .then(
        (owned) => {
          if (!owned) stop.abort('lost');
        },
        () => undefined,
      );
  const report = (next: { stage: JobStage; percent: number }) => {
    current = next;
    if (Date.now() - lastWrite < runtime.progressMs) return;
    lastWrite = Date.now();
    void write();
  };
  const beat = setInterval(() => void write(), runtime.heartbeatMs);
  beat.unref();
  log.info('job claimed');

  try {
    if (!job.archive_key) throw new Error('the job has no archive');
    const options = storedOptions(job);
    const changeCounts = options.sort_by_changes
      ? await unlessStopped(readStoredChangeCounts(ctx, job.id), stop.signal)
      : undefined;
    const [digests, zipListing] = await unlessStopped(
      Promise.all([readStoredDigests(ctx, job.id), readStoredListing(ctx, job.id)]),
      stop.signal,
    );
    const local = await unlessStopped(
      localArchive(ctx.storage, job.archive_key, job.source_name),
      stop.signal,
    );
    stageEnded('read');
    let bundle: Bundle;
    const archiveBytes = local.size;
    const packStarted = Date.now();
    const counters = { cachedFiles: 0, unreadFiles: 0 };
    try {
      bundle = await unlessStopped(
        pack(local.files, engineOptions(options, job.selected_paths), {
          onProgress: (progress) => report(percentOf(progress)),
          sourceName: job.source_name,
          ...(zipListing && { zipListing }),
          signal: stop.signal,
          ...(changeCounts && { changeCounts }),
          ...(runtime.processor ? { processor: runtime.processor } : {}),
          ...(runtime.cache && { cache: accountCache(runtime.cache, job.user_id) }),
          ...(runtime.cache && digests && { digests }),
          counters,
        }),
        stop.signal,
      );
    } finally {
      await local.release();
      if (runtime.cache) runtime.onCacheUsed?.();
    }
    runtime.onPacked?.(archiveBytes, (Date.now() - packStarted) / 1000);
    stageEnded('pack', {
      files: bundle.statistics.files,
      lines: bundle.statistics.lines,
      cachedFiles: counters.cachedFiles,
      unreadFiles: counters.unreadFiles,
    });
    report({ stage: 'writing', percent: 90 });
    const outputs = await storeOutputs(ctx, job, bundle, stop.signal);
    stageEnded('store', { outputs: outputs.length });
    const budget = effectiveTokenBudget(options);
    const statistics: StoredStatistics = {
      files: bundle.statistics.files,
      skipped_files: bundle.statistics.skippedFiles,
      lines: bundle.statistics.lines,
      tokens: bundle.statistics.tokens,
      chunks: bundle.statistics.chunks,
      output_tokens: bundle.statistics.outputTokens,
      output_files: outputs.length,
      processing_ms: Date.now() - started,
      secrets: presentSecrets(bundle.secrets),
      ...presentFileNotes(bundle.files),
      ...(bundle.model && { model: { ...bundle.model } }),
      ...(budget !== null && {
        packing: presentPacking(bundle.budget?.tokens ?? budget, bundle.files, bundle.budget?.used),
      }),
    };
    const finished = await inTransaction(ctx.db, async (repos) => {
      const locked = await repos.jobs.lock(job.id);
      if (!locked || locked.status !== 'processing' || locked.attempts !== job.attempts)
        return false;
      const actual = await settleCredits(
        repos,
        locked.user_id,
        locked.id,
        heldBy(locked),
        creditsForLines(bundle.statistics.lines),
      );
      await repos.jobs.update(locked.id, {
        status: 'succeeded',
        actual_credits: actual,
        file_count: bundle.statistics.files,
        statistics: JSON.stringify(statistics),
        analytics: JSON.stringify({ ...bundle.analytics, chunks: chunkSummaries(bundle.chunks) }),
        outputs: JSON.stringify(outputs),
        output_attempt: job.attempts,
        errors: JSON.stringify(errorsOf(bundle)),
        progress_stage: 'done',
        progress_percent: 100,
        finished_at: ctx.now(),
        heartbeat_at: null,
        archive_key: null,
      });
      return true;
    });
    if (!finished) throw new AttemptStopped();
    stageEnded('settle');
    // The archive and any superseded attempt's leftovers are no longer needed.
    await deleteArchive(ctx.storage, job.archive_key);
    if (options.sort_by_changes) await ctx.storage.delete(changeCountsKey(job.id));
    await ctx.storage.delete(digestsKey(job.id));
    await ctx.storage.delete(listingKey(job.id));
    await removeOtherAttempts(ctx, job).catch((error: unknown) =>
      log.warn({ err: error }, 'leftovers of an earlier attempt not removed'),
    );
    log.info({ seconds: (Date.now() - started) / 1000 }, 'job succeeded');
    return 'succeeded';
  } catch (error) {
    // Whatever happens next, nothing this attempt wrote may stay: it is not the live output.
    clearInterval(beat);
    await ctx.storage
      .deletePrefix(attemptPrefix(job.id, job.attempts))
      .catch((cleanup: unknown) => log.warn({ err: cleanup }, 'attempt outputs not removed'));
    if (error instanceof AttemptStopped || stop.signal.aborted) {
      if (stop.signal.reason === 'shutdown' && (await handBack(ctx, job))) {
        log.info('job handed back to the queue: this worker is shutting down');
        return 'handed-back';
      }
      log.info('job abandoned: deleted or taken over by a newer attempt');
      return 'abandoned';
    }
    const message =
      error instanceof EngineError
        ? error.message
        : 'Processing failed because of an error on our side; your credits were refunded.';
    if (!(error instanceof EngineError)) log.error({ err: error }, 'job failed');
    else log.info({ reason: error.message }, 'job failed');
    await failJob(ctx, job.id, message, job.attempts);
    return 'failed';
  } finally {
    clearInterval(beat);
    runtime.shutdown?.removeEventListener('abort', onShutdown);
  }
}
