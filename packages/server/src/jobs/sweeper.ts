import { inTransaction } from '../db/repositories/index.js';
import { forgetAccountCache } from '../services/account-cache.js';
import type { ServiceContext } from '../services/context.js';
import { jobPrefix } from '../services/jobs.service.js';
import { sweepAbandonedUploads } from '../services/uploads.service.js';
import { resetDueMonthlyCredits } from '../services/monthly-credits.js';
import { countedAttempts, failJob, MAX_ATTEMPTS } from './run-job.js';

export interface SweepPolicy {
  /** A processing job whose heartbeat is older than this lost its worker. */
  staleAfterMs: number;
  /** A pending job this old is queued again (its first message may have been lost). */
  requeueAfterMs: number;
  /** Uploads untouched this long are abandoned. */
  abandonedUploadMs: number;
}

export interface SweepReport {
  requeued: number;
  failed: number;
  deleted: number;
  uploads: number;
  resets: number;
}

/**
 * The scheduled housekeeping, safe to run from several processes at once (every change happens
 * under a row lock and re-checks the state): the stuck-job policy (a job whose worker died goes
 * back to pending and is queued again, or fails and is refunded after MAX_ATTEMPTS), lost queue
 * messages, due deletions, abandoned uploads and monthly credit resets.
 */
export async function sweep(ctx: ServiceContext, policy: SweepPolicy): Promise<SweepReport> {
  const now = ctx.now().getTime();
  const report: SweepReport = { requeued: 0, failed: 0, deleted: 0, uploads: 0, resets: 0 };

  for (const stale of await ctx.repos.jobs.stale(new Date(now - policy.staleAfterMs))) {
    if (countedAttempts(stale) >= MAX_ATTEMPTS) {
      await failJob(
        ctx,
        stale.id,
        `Processing stopped ${MAX_ATTEMPTS} times; your credits were refunded.`,
        stale.attempts,
      );
      report.failed++;
      continue;
    }
    const revived = await inTransaction(ctx.db, async (repos) => {
      const job = await repos.jobs.lock(stale.id);
      if (!job || job.status !== 'processing' || job.attempts !== stale.attempts) return false;
      await repos.jobs.update(job.id, {
        status: 'pending',
        heartbeat_at: null,
        progress_stage: 'queued',
        progress_percent: 0,
      });
      return true;
    });
    if (revived) {
      await ctx.queue.enqueue(stale.id, stale.attempts);
      report.requeued++;
    }
  }

  for (const pending of await ctx.repos.jobs.pendingSince(new Date(now - policy.requeueAfterMs))) {
    await ctx.queue.enqueue(pending.id, pending.attempts);
    report.requeued++;
  }

  // Storage before the row: a failure leaves the row due, so the next sweep tries again
  // rather than forgetting objects nobody would ever remove.
  for (const due of await ctx.repos.jobs.dueForDeletion(ctx.now())) {
    try {
      await ctx.storage.deletePrefix(jobPrefix(due.id));
      await forgetAccountCache(ctx.config.cache.dir, due.user_id);
      await ctx.repos.jobs.remove(due.id);
      report.deleted++;
    } catch (error) {
      ctx.logger.warn({ err: error, jobId: due.id }, 'due job not deleted; retried next sweep');
    }
  }

  report.uploads = await sweepAbandonedUploads(ctx, policy.abandonedUploadMs);
  report.resets = await resetDueMonthlyCredits(ctx);
  return report;
}
