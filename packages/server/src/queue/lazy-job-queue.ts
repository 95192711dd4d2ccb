import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { startJobQueue, type JobQueue, type QueueOptions } from './job-queue.js';

/**
 * The queue, started on first use: an API process that never creates a job (and most tests)
 * never pays for pg-boss's start-up; every user after the first shares one start.
 */
export function createLazyJobQueue(db: Kysely<Database>, options: QueueOptions = {}): JobQueue {
  let started: Promise<JobQueue> | undefined;
  const queue = () =>
    (started ??= startJobQueue(db, options).catch((error: unknown) => {
      started = undefined; // the next use tries again
      throw error;
    }));
  return {
    enqueue: async (jobId, attempt) => (await queue()).enqueue(jobId, attempt),
    consume: async (concurrency, handle) => (await queue()).consume(concurrency, handle),
    async stopConsuming() {
      if (started) await (await started).stopConsuming();
    },
    async stop() {
      if (started) await (await started).stop();
    },
  };
}
