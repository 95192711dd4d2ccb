import type { JobError, JobStage } from '@repobundle/contract';
import {
  describeSkipReason,
  EngineError,
  pack,
  type Bundle,
  type FileProcessor,
  type PackProgress,
} from '@repobundle/engine';
import { creditsForLines } from '@repobundle/contract';
import { inTransaction } from '../db/repositories/index.js';
import { chunkSummaries } from './chunk-summaries.js';
import type { JobRow } from '../db/repositories/jobs.repository.js';
import type { StoredOutput, StoredStatistics } from '../presenters/job.presenter.js';
import { storedOptions } from '../presenters/job.presenter.js';
import type { ServiceContext } from '../services/context.js';
import { refundReservation, settleCredits, type Reservation } from '../services/job-credits.js';
import { engineOptions } from '../services/job-options.js';
import { outputPrefix } from '../services/jobs.service.js';

/** A job is tried at most this many times (a worker that died counts as a try). */
export const MAX_ATTEMPTS = 3;

export interface WorkerRuntime {
  /** How often a running job proves its worker alive. */
  heartbeatMs: number;
  /** Progress is written at most this often. */
  progressMs: number;
  /** The engine's worker threads, kept warm across jobs (each pack would boot its own). */
  processor?: FileProcessor;
}

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

/** Marks a job failed and returns its credits, once (the row lock orders racing callers). */
export async function failJob(ctx: ServiceContext, jobId: string, message: string): Promise<void> {
  await inTransaction(ctx.db, async (repos) => {
    const job = await repos.jobs.lock(jobId);
    if (!job || job.status === 'succeeded' || job.status === 'failed') return;
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
async function claim(ctx: ServiceContext, jobId: string): Promise<JobRow | 'exhausted' | null> {
  return inTransaction(ctx.db, async (repos) => {
    const job = await repos.jobs.lock(jobId);
    if (!job || job.status !== 'pending') return null;
    if (job.attempts >= MAX_ATTEMPTS) return 'exhausted';
    const now = ctx.now();
    await repos.jobs.update(job.id, {
      status: 'processing',
      attempts: job.attempts + 1,
      started_at: job.started_at ?? now,
      heartbeat_at: now,
      progress_stage: 'reading',
      progress_percent: 5,
    });
    return { ...job, status: 'processing', attempts: job.attempts + 1 };
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

/** Stores the overview and every chunk under the job's output folder. */
async function storeOutputs(
  ctx: ServiceContext,
  jobId: string,
  bundle: Bundle,
): Promise<StoredOutput[]> {
  const files = [
    { path: bundle.overview.fileName, text: bundle.overview.text },
    ...bundle.chunks.map((chunk) => ({ path: `chunks/${chunk.fileName}`, text: chunk.text })),
  ];
  const stored: StoredOutput[] = [];
  for (const file of files) {
    const { size } = await ctx.storage.put(
      `${outputPrefix(jobId)}${file.path}`,
      Buffer.from(file.text, 'utf8'),
    );
    stored.push({ path: file.path, size });
  }
  return stored;
}

/**
 * The queue's handler: runs the engine on the job's archive and records the result. Idempotent:
 * a job that is not pending (done, failed, deleted, or running elsewhere) is left alone, and
 * settling happens under the job's row lock only while it is still processing, so a retried
 * job is never charged twice.
 */
export async function runJob(
  ctx: ServiceContext,
  jobId: string,
  timing: WorkerRuntime,
): Promise<void> {
  const claimed = await claim(ctx, jobId);
  if (claimed === null) return;
  if (claimed === 'exhausted') {
    await failJob(
      ctx,
      jobId,
      `Processing failed ${MAX_ATTEMPTS} times; your credits were refunded.`,
    );
    return;
  }
  const job = claimed;
  const started = Date.now();
  // The heartbeat proves this worker alive to the stuck-job sweeper; progress rides along.
  let current: { stage: JobStage; percent: number } = { stage: 'reading', percent: 5 };
  let lastWrite = 0;
  const write = () =>
    ctx.repos.jobs
      .reportProgress(job.id, current.stage, current.percent, ctx.now())
      .catch(() => undefined);
  const report = (next: { stage: JobStage; percent: number }) => {
    current = next;
    if (Date.now() - lastWrite < timing.progressMs) return;
    lastWrite = Date.now();
    void write();
  };
  const beat = setInterval(() => void write(), timing.heartbeatMs);
  beat.unref();

  try {
    if (!job.archive_key) throw new Error('the job has no archive');
    const local = await ctx.storage.localFile(job.archive_key);
    let bundle: Bundle;
    try {
      const options = storedOptions(job);
      bundle = await pack(local.path, engineOptions(options, job.selected_paths), {
        onProgress: (progress) => report(percentOf(progress)),
        sourceName: job.source_name,
        ...(timing.processor ? { processor: timing.processor } : {}),
      });
    } finally {
      await local.release();
    }
    report({ stage: 'writing', percent: 90 });
    const outputs = await storeOutputs(ctx, job.id, bundle);
    const statistics: StoredStatistics = {
      files: bundle.statistics.files,
      skipped_files: bundle.statistics.skippedFiles,
      lines: bundle.statistics.lines,
      tokens: bundle.statistics.tokens,
      chunks: bundle.statistics.chunks,
      output_tokens: bundle.statistics.outputTokens,
      output_files: outputs.length,
      processing_ms: Date.now() - started,
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
        errors: JSON.stringify(errorsOf(bundle)),
        progress_stage: 'done',
        progress_percent: 100,
        finished_at: ctx.now(),
        heartbeat_at: null,
        archive_key: null,
      });
      return true;
    });
    // The archive is no longer needed once the outputs exist; a superseded attempt keeps its own.
    if (finished) await ctx.storage.delete(job.archive_key);
  } catch (error) {
    const message =
      error instanceof EngineError
        ? error.message
        : 'Processing failed because of an error on our side; your credits were refunded.';
    if (!(error instanceof EngineError)) ctx.logger.error({ err: error, jobId }, 'job failed');
    await failJob(ctx, job.id, message);
  } finally {
    clearInterval(beat);
  }
}
