import { hostname } from 'node:os';
import { engineBuildId, evictResultCacheInBackground } from '@repobundle/engine';
import type { ServiceContext } from '../services/context.js';
import { collectGarbage } from './collect-garbage.js';
import { runJob, type JobOutcome, type JobStageName } from './run-job.js';
import { createSweeperElection, type SweeperElection } from './sweeper-election.js';
import { sweep } from './sweeper.js';

export interface RunningWorker {
  /** This process's name on the jobs it claims and in its log lines. */
  readonly id: string;
  /**
   * Runs the housekeeping now (also on a timer) if this process is the cluster's sweeper;
   * false when another process holds that role. Tests call it to skip the wait.
   */
  sweepNow(): Promise<boolean>;
  /** Jobs running in this process now. */
  running(): number;
  /**
   * Stops taking jobs, lets running ones finish for up to `graceMs`, then hands the rest back
   * to the queue (another worker takes them at once) and releases the engine's threads.
   */
  stop(graceMs?: number): Promise<void>;
}

export interface WorkerHooks {
  /** Each ended job stage and how long it took (metrics). */
  onStage?: (stage: JobStageName, seconds: number) => void;
  /** Each job's archive size and pack time (engine throughput). */
  onPacked?: (bytes: number, seconds: number) => void;
  /** Each ended run of the handler. */
  onOutcome?: (outcome: JobOutcome) => void;
}

const HOUR = 3_600_000;

/**
 * After a job whose archive is at least this large, the process collects its garbage before
 * the next job (see collectGarbage); a smaller job's garbage is left to the collector's own
 * pace, a full collection each time would cost more than it keeps.
 */
const COLLECT_AFTER_BYTES = 32 * 1024 * 1024;

/**
 * The worker role: consumes the job queue and runs the sweeper on a timer. The first sweep runs
 * at once, so a job left behind by a process that died is picked up as soon as a worker returns.
 * On PostgreSQL only one worker of the cluster sweeps at a time (see sweeper-election.ts).
 */
export async function startWorker(
  ctx: ServiceContext,
  hooks: WorkerHooks = {},
): Promise<RunningWorker> {
  const id = `${hostname()}:${process.pid}`;
  const staleAfterMs = ctx.config.jobStaleSeconds * 1000;
  const processor = ctx.engineThreads.get();
  processor.warmUp('o200k_base');
  const shutdown = new AbortController();
  const { dir, maxBytes } = ctx.config.cache;
  let evicting: Promise<unknown> | undefined;
  // One pass at a time: a pass started while another runs would only repeat its work.
  const evict = () => {
    evicting ??= evictResultCacheInBackground(dir, maxBytes, { nested: true })
      .catch((error: unknown) => ctx.logger.warn({ err: error }, 'result cache not trimmed'))
      .finally(() => (evicting = undefined));
  };
  // Set when a large job's pack ends; the job's end then collects (see COLLECT_AFTER_BYTES).
  let largeJobEnded = false;
  const runtime = {
    heartbeatMs: Math.max(250, Math.min(5000, staleAfterMs / 4)),
    progressMs: 500,
    processor,
    workerId: id,
    shutdown: shutdown.signal,
    cache: { dir, build: engineBuildId(), maxBytes },
    onCacheUsed: evict,
    ...(hooks.onStage ? { onStage: hooks.onStage } : {}),
    onPacked: (bytes: number, seconds: number) => {
      if (bytes >= COLLECT_AFTER_BYTES) largeJobEnded = true;
      hooks.onPacked?.(bytes, seconds);
    },
  };
  const policy = {
    staleAfterMs,
    requeueAfterMs: Math.max(staleAfterMs, 60_000),
    abandonedUploadMs: 24 * HOUR,
  };
  const inFlight = new Set<Promise<JobOutcome>>();
  await ctx.queue.consume(ctx.config.workerConcurrency, async (jobId) => {
    const run = runJob(ctx, jobId, runtime);
    inFlight.add(run);
    try {
      const outcome = await run;
      ctx.logger.debug({ jobId, outcome }, 'job run ended');
      hooks.onOutcome?.(outcome);
    } catch (error) {
      ctx.logger.error({ err: error, jobId }, 'job run ended with an error');
      throw error;
    } finally {
      inFlight.delete(run);
      if (largeJobEnded) {
        largeJobEnded = false;
        collectGarbage();
      }
    }
  });

  const election: SweeperElection = createSweeperElection(ctx.config.databaseUrl, ctx.logger);
  let sweeping: Promise<boolean> | undefined;
  const sweepNow = () =>
    (sweeping ??= (async () => {
      if (!(await election.holdsRole())) return false;
      const report = await sweep(ctx, policy);
      if (Object.values(report).some((count) => count > 0)) ctx.logger.info(report, 'sweep');
      return true;
    })()
      .catch((error: unknown) => {
        ctx.logger.error({ err: error }, 'sweep failed');
        return false;
      })
      .finally(() => (sweeping = undefined)));
  const timer = setInterval(() => void sweepNow(), ctx.config.sweepIntervalSeconds * 1000);
  timer.unref();
  void sweepNow();

  let stopping: Promise<void> | undefined;
  return {
    id,
    sweepNow,
    running: () => inFlight.size,
    stop: (graceMs = ctx.config.shutdownGraceSeconds * 1000) =>
      (stopping ??= (async () => {
        clearInterval(timer);
        await ctx.queue.stopConsuming();
        const settled = Promise.allSettled([...inFlight]);
        let graceTimer: NodeJS.Timeout | undefined;
        const graceOver = new Promise<'grace over'>((resolve) => {
          graceTimer = setTimeout(() => resolve('grace over'), graceMs);
        });
        const first = await Promise.race([settled, graceOver]);
        clearTimeout(graceTimer);
        if (first === 'grace over') {
          ctx.logger.info({ running: inFlight.size }, 'grace period over: handing jobs back');
          shutdown.abort();
          await settled;
        }
        await sweeping;
        await evicting;
        await election.release();
      })()),
  };
}
