import { sql, type Kysely } from 'kysely';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { QUEUE_SCHEMA } from '../db/migrate.js';
import type { Database } from '../db/schema.js';
import { PROCESS_JOB_QUEUE } from '../queue/job-queue.js';
import type { JobOutcome, JobStageName } from '../jobs/run-job.js';

/** Prometheus metrics of one process: its requests and jobs, plus cluster figures read at scrape. */
export interface Metrics {
  registry: Registry;
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  observeStage(stage: JobStageName, seconds: number): void;
  observeOutcome(outcome: JobOutcome): void;
  /** Engine throughput of one job: its archive's bytes over the pack stage's time. */
  observeThroughput(bytes: number, seconds: number): void;
  /** The text of GET /metrics. */
  render(): Promise<string>;
}

export function createMetrics(db: Kysely<Database>): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Histogram({
    name: 'repobundle_http_request_duration_seconds',
    help: 'HTTP request latency by route (the route pattern, not the path)',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const stages = new Histogram({
    name: 'repobundle_job_stage_duration_seconds',
    help: 'Time a job spends in each stage (read, pack, store, settle)',
    labelNames: ['stage'],
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 2, 5, 10, 30, 60, 120, 300, 900],
    registers: [registry],
  });
  const outcomes = new Counter({
    name: 'repobundle_job_runs_total',
    help: 'Runs of the job handler by how they ended',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const throughput = new Histogram({
    name: 'repobundle_engine_throughput_megabytes_per_second',
    help: 'Archive megabytes packed per second of the pack stage, per job',
    buckets: [0.5, 1, 2, 5, 10, 20, 50, 100, 200],
    registers: [registry],
  });
  new Gauge({
    name: 'repobundle_queue_depth',
    help: 'Job messages waiting to be taken by a worker',
    registers: [registry],
    async collect() {
      // Read from the queue's table, so an API process scraped never starts a queue client.
      const result = await sql<{ waiting: string }>`
        select count(*) as waiting from ${sql.table(`${QUEUE_SCHEMA}.job`)}
        where name = ${PROCESS_JOB_QUEUE} and state in ('created', 'retry')`.execute(db);
      this.set(Number(result.rows[0]?.waiting ?? 0));
    },
  });
  new Gauge({
    name: 'repobundle_credits_reserved',
    help: 'Credits held by pending and processing jobs (cluster-wide)',
    registers: [registry],
    async collect() {
      const row = await db
        .selectFrom('jobs')
        .select(sql<string>`coalesce(sum(reserved_monthly + reserved_purchased), 0)`.as('held'))
        .where('status', 'in', ['pending', 'processing'])
        .executeTakeFirstOrThrow();
      this.set(Number(row.held));
    },
  });
  new Gauge({
    name: 'repobundle_credits_settled',
    help: 'Credits charged for finished jobs, from the ledger (cluster-wide)',
    registers: [registry],
    async collect() {
      const row = await db
        .selectFrom('credit_transactions')
        .select(sql<string>`coalesce(-sum(amount), 0)`.as('settled'))
        .where('type', '=', 'usage')
        .executeTakeFirstOrThrow();
      this.set(Number(row.settled));
    },
  });
  return {
    registry,
    observeRequest: (method, route, status, seconds) =>
      requests.observe({ method, route, status: String(status) }, seconds),
    observeStage: (stage, seconds) => stages.observe({ stage }, seconds),
    observeOutcome: (outcome) => outcomes.inc({ outcome }),
    observeThroughput(bytes, seconds) {
      if (seconds > 0) throughput.observe(bytes / 1_000_000 / seconds);
    },
    render: () => registry.metrics(),
  };
}
