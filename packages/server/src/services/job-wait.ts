import type { JobRow } from '../db/repositories/jobs.repository.js';
import type { UserRow } from '../db/repositories/users.repository.js';
import type { ServiceContext } from './context.js';
import { findJob } from './jobs.service.js';

/** How often a waiting request looks at the job again: one indexed read per waiter. */
const POLL_MS = 500;

const isFinished = (job: JobRow) => job.status === 'succeeded' || job.status === 'failed';

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}

/**
 * GET /api/jobs/{id}?wait=: the job once it has ended, or as it is when `waitMs` ran out, the
 * client went away or the server is stopping (`signal`). A job deleted meanwhile is 404.
 * Works on every API process alike: the job's row is the only thing it reads.
 */
export async function waitForJobEnd(
  ctx: ServiceContext,
  user: UserRow,
  jobId: string,
  waitMs: number,
  signal: AbortSignal,
): Promise<JobRow> {
  const deadline = Date.now() + waitMs;
  let job = await findJob(ctx, user, jobId);
  while (!isFinished(job) && !signal.aborted) {
    const left = deadline - Date.now();
    if (left <= 0) break;
    await pause(Math.min(POLL_MS, left), signal);
    job = await findJob(ctx, user, jobId);
  }
  return job;
}
