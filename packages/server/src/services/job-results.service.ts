import { Readable } from 'node:stream';
import {
  compareAnalytics,
  type ChunkingAnalytics,
  type ChunkingAnalyticsWithComparison,
} from '@repobundle/engine';
import yazl from 'yazl';
import type { JobRow } from '../db/repositories/jobs.repository.js';
import type { UserRow } from '../db/repositories/users.repository.js';
import { AppError, badRequest, notFound } from '../errors.js';
import { storedOutputs, type StoredOutput } from '../presenters/job.presenter.js';
import type { ServiceContext } from './context.js';
import { findJob, outputPrefix } from './jobs.service.js';

/** A job whose outputs exist; anything earlier is a 409 with what to wait for. */
async function finishedJob(ctx: ServiceContext, user: UserRow, jobId: string): Promise<JobRow> {
  const job = await findJob(ctx, user, jobId);
  if (job.status !== 'succeeded') {
    throw new AppError(
      409,
      'JOB_NOT_READY',
      job.status === 'failed'
        ? 'This job failed, so it has no output files.'
        : 'This job has not finished yet; its output files appear when it succeeds.',
    );
  }
  return job;
}

export async function listOutputFiles(ctx: ServiceContext, user: UserRow, jobId: string) {
  const job = await finishedJob(ctx, user, jobId);
  return storedOutputs(job).map((file) => ({
    name: file.path.split('/').pop() ?? file.path,
    path: file.path,
    size: file.size,
  }));
}

/**
 * One output file by its path inside the output folder (`overview.md`, `chunks/chunk-0001.md`).
 * Only paths the job recorded exist: anything else, traversal included, is refused before
 * storage is touched.
 */
export async function readOutputFile(
  ctx: ServiceContext,
  user: UserRow,
  jobId: string,
  path: string,
): Promise<{ file: StoredOutput; content: string }> {
  if (
    path.split('/').some((part) => part === '..' || part === '.') ||
    path.startsWith('/') ||
    path.includes('\\') ||
    path.includes('\0')
  ) {
    throw badRequest('VALIDATION_ERROR', 'Invalid file path.');
  }
  const job = await finishedJob(ctx, user, jobId);
  const file = storedOutputs(job).find((output) => output.path === path);
  if (!file) throw notFound(`No output file named ${path}.`);
  const stream = await ctx.storage.get(`${outputPrefix(job)}${file.path}`);
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return { file, content: Buffer.concat(parts).toString('utf8') };
}

/** A stream that opens its source on first read, so a ZIP of many files holds one open at a time. */
class LazyReadable extends Readable {
  #source: Readable | undefined;
  #opening = false;

  constructor(private readonly open: () => Promise<Readable>) {
    super();
  }

  override _read(): void {
    if (this.#source) {
      this.#source.resume();
      return;
    }
    if (this.#opening) return;
    this.#opening = true;
    this.open().then(
      (source) => {
        this.#source = source;
        source.on('data', (chunk: Buffer) => {
          if (!this.push(chunk)) source.pause();
        });
        source.on('end', () => this.push(null));
        source.on('error', (error) => this.destroy(error));
      },
      (error: unknown) => this.destroy(error as Error),
    );
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.#source?.destroy();
    callback(error);
  }
}

/** GET /api/jobs/{id}/download: the outputs as a ZIP, streamed from storage entry by entry. */
export async function downloadOutputs(
  ctx: ServiceContext,
  user: UserRow,
  jobId: string,
): Promise<Readable> {
  const job = await finishedJob(ctx, user, jobId);
  const zip = new yazl.ZipFile();
  for (const file of storedOutputs(job)) {
    zip.addReadStream(
      new LazyReadable(() => ctx.storage.get(`${outputPrefix(job)}${file.path}`)),
      file.path,
      { mtime: job.finished_at ?? job.created_at, size: file.size },
    );
  }
  zip.end();
  return zip.outputStream as Readable;
}

/** GET /api/jobs/{id}/chunking-analytics: 404 until the job succeeded. */
export async function jobAnalytics(
  ctx: ServiceContext,
  user: UserRow,
  jobId: string,
): Promise<ChunkingAnalyticsWithComparison> {
  const job = await findJob(ctx, user, jobId);
  if (job.status !== 'succeeded' || !job.analytics) {
    throw notFound('Chunking analytics are available once the job has succeeded.');
  }
  const previous = await ctx.repos.jobs.previousAnalytics(user.id, job.created_at, 5);
  return compareAnalytics(job.analytics as ChunkingAnalytics, previous as ChunkingAnalytics[]);
}
