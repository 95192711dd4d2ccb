import { CompiledQuery, type Kysely } from 'kysely';
import PgBoss from 'pg-boss';
import { QUEUE_SCHEMA } from '../db/migrate.js';
import type { Database } from '../db/schema.js';

/** The one queue of processing work: a message is a job id; the jobs table holds the truth. */
export const PROCESS_JOB_QUEUE = 'process-job';

/** PostgreSQL's SQLSTATE for a transaction it ended to break a deadlock. */
const DEADLOCK = '40P01';

export interface JobQueue {
  /**
   * Queues a job for processing. One message per job and attempt can wait at a time: sending
   * again is a no-op, while a retry (a higher attempt) is not blocked by the message of the
   * attempt whose worker died, which pg-boss still counts as active.
   */
  enqueue(jobId: string, attempt?: number): Promise<void>;
  /** Starts `concurrency` consumers calling `handle` with job ids. */
  consume(concurrency: number, handle: (jobId: string) => Promise<unknown>): Promise<void>;
  /** Stops taking new messages; handlers already running go on to their end. */
  stopConsuming(): Promise<void>;
  stop(): Promise<void>;
}

export interface QueueOptions {
  /** How often an idle consumer looks for work. */
  pollingIntervalSeconds?: number;
  onError?: (error: Error) => void;
}

/**
 * pg-boss 10 on our own database connection, so it runs on PGlite as on PostgreSQL (its schema
 * is created by our migrations; see db/migrate.ts). Delivery only: retries of a job whose
 * worker died are decided by the stuck-job sweeper from the jobs table (jobs/sweeper.ts), so
 * the queue itself never retries.
 */
export async function startJobQueue(
  db: Kysely<Database>,
  options: QueueOptions = {},
): Promise<JobQueue> {
  const boss = new PgBoss({
    db: {
      async executeSql(text: string, values?: unknown[]) {
        const result = await db.executeQuery(CompiledQuery.raw(text, values ?? []));
        return { rows: result.rows };
      },
    },
    schema: QUEUE_SCHEMA,
    migrate: false,
    supervise: true,
    schedule: false,
    maintenanceIntervalSeconds: 300,
    monitorStateIntervalSeconds: 300,
  });
  boss.on('error', (error: Error) => options.onError?.(error));
  await boss.start();
  await createProcessQueue(boss);
  const workers: string[] = [];
  const polling = options.pollingIntervalSeconds ?? 2;

  return {
    async enqueue(jobId, attempt = 0) {
      await boss.send(PROCESS_JOB_QUEUE, { jobId }, { singletonKey: `${jobId}#${attempt}` });
      // A consumer in this process picks it up now rather than at its next poll.
      for (const id of workers) boss.notifyWorker(id);
    },

    async consume(concurrency, handle) {
      for (let i = 0; i < concurrency; i++) {
        const id = await boss.work<{ jobId: string }>(
          PROCESS_JOB_QUEUE,
          { batchSize: 1, pollingIntervalSeconds: polling },
          async ([job]) => {
            if (job) await handle(job.data.jobId);
          },
        );
        workers.push(id);
      }
    },

    async stopConsuming() {
      for (const id of workers.splice(0)) await boss.offWork({ id });
    },

    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 30_000 });
    },
  };
}

// Processes starting together on a fresh database each create the queue: pg-boss inserts its
// row, then adds foreign keys to it, and two such transactions can deadlock. PostgreSQL ends one
// of them, which tries again and finds the queue made.
async function createProcessQueue(boss: PgBoss): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await boss.createQueue(PROCESS_JOB_QUEUE, {
        name: PROCESS_JOB_QUEUE,
        policy: 'stately',
        retryLimit: 0,
        // Long enough for the largest archive; the sweeper handles dead workers much sooner.
        expireInSeconds: 60 * 60,
      });
    } catch (error) {
      if ((error as { code?: unknown }).code !== DEADLOCK || attempt >= 5) throw error;
    }
  }
}
