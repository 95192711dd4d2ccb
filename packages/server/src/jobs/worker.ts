import { createPooledProcessor } from '@repobundle/engine';
import type { ServiceContext } from '../services/context.js';
import { runJob } from './run-job.js';
import { sweep } from './sweeper.js';

export interface RunningWorker {
  /** Runs the housekeeping now (also on a timer); tests call it to skip the wait. */
  sweepNow(): Promise<void>;
  stop(): Promise<void>;
}

const HOUR = 3_600_000;

/**
 * The worker role: consumes the job queue and runs the sweeper on a timer. The first sweep runs
 * at once, so a job left behind by a process that died is picked up as soon as a worker returns.
 */
export async function startWorker(ctx: ServiceContext): Promise<RunningWorker> {
  const staleAfterMs = ctx.config.jobStaleSeconds * 1000;
  const processor = createPooledProcessor();
  processor.warmUp('o200k_base');
  const timing = {
    heartbeatMs: Math.max(250, Math.min(5000, staleAfterMs / 4)),
    progressMs: 500,
    processor,
  };
  const policy = {
    staleAfterMs,
    requeueAfterMs: Math.max(staleAfterMs, 60_000),
    abandonedUploadMs: 24 * HOUR,
  };
  await ctx.queue.consume(ctx.config.workerConcurrency, (jobId) => runJob(ctx, jobId, timing));

  let sweeping: Promise<void> | undefined;
  const sweepNow = () =>
    (sweeping ??= sweep(ctx, policy)
      .then((report) => {
        if (Object.values(report).some((count) => count > 0)) ctx.logger.info(report, 'sweep');
      })
      .catch((error: unknown) => ctx.logger.error({ err: error }, 'sweep failed'))
      .finally(() => (sweeping = undefined)));
  const timer = setInterval(() => void sweepNow(), ctx.config.sweepIntervalSeconds * 1000);
  timer.unref();
  void sweepNow();
  return {
    sweepNow,
    async stop() {
      clearInterval(timer);
      await sweeping;
      await processor.close();
    },
  };
}
