import { randomUUID } from 'node:crypto';
import {
  creditsForLines,
  type assembleRequestSchema,
  type JobCreatedResponse,
} from '@repobundle/contract';
import type { z } from 'zod';
import { inTransaction } from '../db/repositories/index.js';
import type { JobRow } from '../db/repositories/jobs.repository.js';
import type { Plan } from '../db/repositories/plans.repository.js';
import type { UserRow } from '../db/repositories/users.repository.js';
import { AppError, badRequest, conflict, notFound } from '../errors.js';
import { accountCacheDir, forgetAccountCache } from './account-cache.js';
import { inspectArchive } from './archive-inspection.js';
import type { SessionClaims } from './access-tokens.js';
import type { ServiceContext } from './context.js';
import { refundReservation, reserveCredits } from './job-credits.js';
import {
  creditTypeOf,
  engineOptions,
  resolveJobOptions,
  type JobCreationInput,
  type StoredJobOptions,
} from './job-options.js';
import { copyArchiveParts, localArchive, partsDigest } from './job-archive.js';
import { listingBytes } from './zip-listing-bytes.js';
import { chunkKey, tooLarge, uploadPrefix } from './uploads.service.js';

export type AssembleInput = z.output<typeof assembleRequestSchema>;

export const jobPrefix = (jobId: string) => `jobs/${jobId}/`;
export const sourceKey = (jobId: string) => `${jobPrefix(jobId)}source.zip`;
/** An uploaded archive's parts (see job-archive.ts). */
export const sourcePartsPrefix = (jobId: string) => `${jobPrefix(jobId)}source-parts/`;
/** A repository job's change count per selected file, when files are sorted by changes. */
export const changeCountsKey = (jobId: string) => `${jobPrefix(jobId)}change-counts.json`;
/** The content digests of the selected files, taken when the job was created. */
export const digestsKey = (jobId: string) => `${jobPrefix(jobId)}digests.json`;
/** The archive's directory as judged when the job was created (see ZipListing). */
export const listingKey = (jobId: string) => `${jobPrefix(jobId)}listing.bin`;
/** Where one attempt writes its outputs; a stale attempt can never write over a newer one's. */
export const attemptPrefix = (jobId: string, attempt: number) =>
  `${jobPrefix(jobId)}attempts/${attempt}/`;
/** The live outputs: the settled attempt's folder (jobs finished before attempts had one: output/). */
export const outputPrefix = (job: { id: string; output_attempt: number | null }) =>
  job.output_attempt === null
    ? `${jobPrefix(job.id)}output/`
    : attemptPrefix(job.id, job.output_attempt);

const HOUR = 3_600_000;
const AUTO_DELETE_MS: Record<string, number | null> = {
  never: null,
  '1hr': HOUR,
  '6hr': 6 * HOUR,
  '12hr': 12 * HOUR,
  '1day': 24 * HOUR,
  '7days': 7 * 24 * HOUR,
  '14days': 14 * 24 * HOUR,
  '30days': 30 * 24 * HOUR,
};

/** When a job made now is deleted, from the user's auto_delete_after setting. */
export function scheduledDeletion(autoDeleteAfter: string, now: Date): Date | null {
  const after = AUTO_DELETE_MS[autoDeleteAfter] ?? null;
  return after === null ? null : new Date(now.getTime() + after);
}

/** Every chunk index below total that has not arrived. */
function missingChunks(received: readonly { chunk_index: number }[], total: number): number[] {
  const have = new Set(received.map((chunk) => chunk.chunk_index));
  const missing: number[] = [];
  for (let index = 0; index < total; index++) if (!have.has(index)) missing.push(index);
  return missing;
}

/** The user's plan; every user has one (a foreign key), so its absence is a bug, not a 4xx. */
export async function planOf(ctx: ServiceContext, user: UserRow): Promise<Plan> {
  const plan = await ctx.repos.plans.findById(user.plan_id);
  if (!plan) throw new Error(`plan ${user.plan_id} is missing`);
  return plan;
}

/** Refuses an empty selection before any work. */
export function requireSelection(selected: readonly string[]): void {
  if (selected.length === 0) {
    throw badRequest(
      'VALIDATION_ERROR',
      'No files selected for processing. Please select files and try again.',
    );
  }
}

/**
 * Sorting by changes reads the repository's git history; an uploaded archive has none, and
 * ordering its files as if it had would be a silent lie, so the request is refused.
 */
export function refuseSortWithoutHistory(input: JobCreationInput): void {
  if (input.sort_by_changes) {
    throw badRequest(
      'VALIDATION_ERROR',
      "sort_by_changes needs the repository's git history, which an uploaded archive does not have. Create the job from the repository (POST /api/jobs/from-github), or leave sort_by_changes off.",
    );
  }
}

/** Where a new job's archive comes from: an upload's chunks or a repository's `git archive`. */
export interface ArchiveSource {
  kind: 'zip' | 'github';
  /** Shown as the job's source (the overview's title). */
  name: string;
  /**
   * Stores the job's archive: at sourceKey(jobId), or where `archiveKey` says (an upload's parts);
   * returns what the archive is known by (see InspectionAids.archiveDigest) when it took it.
   */
  store(jobId: string): Promise<{ digest?: string; archiveKey?: string } | void>;
}

export interface CreatedJob {
  job: JobRow;
  credits: number;
}

/**
 * The job creation every source shares: stores the archive under a new job, validates it and
 * the selection, and saves the job with its credits reserved. A refusal removes
 * the stored archive again. The caller queues the job with queueCreatedJob once its own
 * cleanup is done.
 */
export async function createJobFromArchive(
  ctx: ServiceContext,
  user: UserRow,
  plan: Plan,
  input: JobCreationInput,
  options: StoredJobOptions,
  source: ArchiveSource,
): Promise<CreatedJob> {
  const jobId = randomUUID();
  try {
    const stored = await source.store(jobId);
    const archiveKey = stored?.archiveKey ?? sourceKey(jobId);
    const local = await localArchive(ctx.storage, archiveKey, source.name);
    let selection;
    try {
      selection = await inspectArchive(
        local.files,
        input.selected,
        engineOptions(options, input.selected),
        {
          factsDir: accountCacheDir(ctx.config.cache.dir, user.id),
          ...(stored?.digest && { archiveDigest: stored.digest }),
          threads: ctx.engineThreads.get,
        },
      );
    } finally {
      await local.release();
    }
    ctx.logger.info(
      { jobId, selectedFiles: selection.files, readFiles: selection.read },
      'archive inspected',
    );
    await Promise.all([
      ctx.storage.put(
        digestsKey(jobId),
        Buffer.from(JSON.stringify(Object.fromEntries(selection.digests))),
      ),
      selection.listing && ctx.storage.put(listingKey(jobId), listingBytes(selection.listing)),
    ]);
    if (selection.files === 0) {
      throw badRequest(
        'VALIDATION_ERROR',
        'None of the selected files can be processed: they are binary, excluded or ignored.',
      );
    }
    if (selection.lines > plan.maxLinesPerJob) {
      throw new AppError(
        403,
        'LINE_LIMIT_EXCEEDED',
        `File selection exceeds your plan's line count limit. Please upgrade your plan or reduce the file selection. (${selection.lines.toLocaleString('en-US')} lines selected; the ${plan.name} plan allows ${plan.maxLinesPerJob.toLocaleString('en-US')}.)`,
      );
    }
    const credits = creditsForLines(selection.lines);
    const creditType = creditTypeOf(input, user.default_credit_type);
    const now = ctx.now();
    return await inTransaction(ctx.db, async (repos) => {
      const job = await repos.jobs.insert({
        id: jobId,
        user_id: user.id,
        source_kind: source.kind,
        source_name: source.name,
        archive_key: archiveKey,
        options: JSON.stringify(options),
        selected_paths: JSON.stringify(input.selected),
        total_files: selection.files,
        line_count: selection.lines,
        credit_type: creditType,
        created_at: now,
        scheduled_deletion: scheduledDeletion(user.auto_delete_after, now),
      });
      const preferred = user.default_credit_type === 'purchased' ? 'purchased' : 'monthly';
      const held = await reserveCredits(repos, user.id, jobId, credits, creditType, preferred);
      await repos.jobs.update(jobId, {
        reserved_monthly: held.monthly,
        reserved_purchased: held.purchased,
      });
      return { job, credits };
    });
  } catch (error) {
    await ctx.storage.deletePrefix(jobPrefix(jobId)).catch(() => undefined);
    throw error;
  }
}

/** Hands a saved job to the queue and answers like assemble. */
export async function queueCreatedJob(
  ctx: ServiceContext,
  { job, credits }: CreatedJob,
): Promise<JobCreatedResponse> {
  await ctx.queue.enqueue(job.id).catch((error: unknown) => {
    // The job is saved and paid for: the sweeper queues pending jobs again.
    ctx.logger.error({ err: error, jobId: job.id }, 'job not queued');
  });
  return {
    job_id: job.id,
    id: job.id,
    status: 'pending',
    total_files: job.total_files,
    line_count: job.line_count,
    reserved_credits: credits,
  };
}

/**
 * An assembly claim older than this belonged to a process that stopped mid-way: the upload may
 * be claimed again. Joining 200 MB of chunks takes seconds, so this leaves a wide margin.
 */
const ASSEMBLY_CLAIM_MS = 15 * 60_000;

/** Checks a claimed upload, joins its chunks and creates the job (not yet queued). */
async function assembleClaimedUpload(
  ctx: ServiceContext,
  user: UserRow,
  input: AssembleInput,
  totalChunks: number,
): Promise<CreatedJob> {
  if (totalChunks !== input.total_chunks) {
    throw badRequest(
      'VALIDATION_ERROR',
      `total_chunks is ${input.total_chunks} but the upload was started with ${totalChunks}.`,
    );
  }
  const chunks = await ctx.repos.uploads.chunks(user.id, input.upload_id);
  const missing = missingChunks(chunks, totalChunks);
  if (missing.length > 0) {
    const shown = missing.slice(0, 10).join(', ');
    throw badRequest(
      'UPLOAD_INCOMPLETE',
      `The upload is incomplete: chunk${missing.length === 1 ? '' : 's'} ${shown}${missing.length > 10 ? '...' : ''} ${missing.length === 1 ? 'has' : 'have'} not arrived.`,
    );
  }
  const plan = await planOf(ctx, user);
  const options = resolveJobOptions(input, plan);
  const size = chunks.reduce((sum, chunk) => sum + chunk.size, 0);
  if (size > plan.uploadLimitMb * 1024 * 1024) throw tooLarge(plan.uploadLimitMb);

  const keys = chunks.map((chunk) => chunkKey(user.id, input.upload_id, chunk.chunk_index));
  return createJobFromArchive(ctx, user, plan, input, options, {
    kind: 'zip',
    name: input.file_name,
    store: async (jobId) => {
      await copyArchiveParts(ctx.storage, keys, sourcePartsPrefix(jobId));
      const digest = partsDigest(chunks.map((chunk) => chunk.sha256));
      return { archiveKey: sourcePartsPrefix(jobId), ...(digest && { digest }) };
    },
  });
}

/** A replay of an assemble that already made its job: that job, as assemble answered. */
async function answerForMadeJob(
  ctx: ServiceContext,
  user: UserRow,
  jobId: string,
): Promise<JobCreatedResponse> {
  const job = await ctx.repos.jobs.findForUser(jobId, user.id);
  if (!job) throw notFound('Upload not found. Please upload the file again.');
  return {
    job_id: job.id,
    id: job.id,
    status: job.status as JobCreatedResponse['status'],
    total_files: job.total_files,
    line_count: job.line_count,
    reserved_credits: creditsForLines(job.line_count),
  };
}

/**
 * POST /api/jobs/assemble: checks that the upload is complete and allowed, joins its chunks into
 * the job's archive by streaming, then creates the job as every source does. The upload is
 * claimed first, so the same request sent again while it runs gets 409 instead of a second job
 * and a second charge; once the job exists, its chunks are gone and a replay answers that job. A refused request releases
 * the claim and keeps the chunks, so it can be corrected and sent again.
 */
export async function createJobFromUpload(
  ctx: ServiceContext,
  user: UserRow,
  input: AssembleInput,
): Promise<JobCreatedResponse> {
  requireSelection(input.selected);
  refuseSortWithoutHistory(input);
  if (!/\.zip$/i.test(input.file_name)) {
    throw badRequest('VALIDATION_ERROR', 'Please upload a .zip archive.');
  }
  const upload = await ctx.repos.uploads.find(user.id, input.upload_id);
  if (!upload) throw notFound('Upload not found. Please upload the file again.');
  if (upload.job_id) return answerForMadeJob(ctx, user, upload.job_id);
  const now = ctx.now();
  // Under the lock chunk uploads take: from here on the upload takes no more chunks, and a chunk
  // still being written counts as missing.
  const isClaimed = await inTransaction(ctx.db, async (repos) => {
    await repos.uploads.lockOwner(user.id);
    const staleBefore = new Date(now.getTime() - ASSEMBLY_CLAIM_MS);
    return repos.uploads.claim(user.id, input.upload_id, now, staleBefore);
  });
  if (!isClaimed) {
    throw conflict(
      'UPLOAD_ASSEMBLING',
      'This upload is already being turned into a job. Check your jobs list in a moment.',
    );
  }
  let created: CreatedJob;
  try {
    created = await assembleClaimedUpload(ctx, user, input, upload.total_chunks);
  } catch (error) {
    await ctx.repos.uploads.releaseClaim(user.id, input.upload_id);
    throw error;
  }
  await ctx.repos.uploads.markAssembled(user.id, input.upload_id, created.job.id);
  await ctx.storage.deletePrefix(uploadPrefix(user.id, input.upload_id)).catch((error: unknown) => {
    ctx.logger.warn({ err: error }, 'upload chunks not removed; the sweeper will');
  });
  return queueCreatedJob(ctx, created);
}

/** A job of this user, or 404 (another user's job does not exist for them). */
export async function findJob(ctx: ServiceContext, user: UserRow, jobId: string): Promise<JobRow> {
  const job = /^[0-9a-f-]{36}$/i.test(jobId)
    ? await ctx.repos.jobs.findForUser(jobId, user.id)
    : undefined;
  if (!job) throw notFound('Job not found.');
  return job;
}

export async function listJobs(ctx: ServiceContext, user: UserRow, page: number, limit: number) {
  return ctx.repos.jobs.listForUser(user.id, page, limit);
}

/** `listJobs` for a session whose user is not read yet; undefined when the session is over. */
export async function listJobsForSession(
  ctx: ServiceContext,
  session: SessionClaims,
  page: number,
  limit: number,
) {
  return ctx.repos.jobs.listForSession(session.userId, new Date(session.issuedAtMs), page, limit);
}

/**
 * DELETE /api/jobs/{id}: the confirmation must equal the id's last 5 characters. Outputs and the
 * archive go; the ledger keeps its rows (their job_id stays as a plain reference). A job still
 * running is failed first so its credits come back.
 */
export async function deleteJob(
  ctx: ServiceContext,
  user: UserRow,
  jobId: string,
  confirmation: string,
): Promise<void> {
  const job = await findJob(ctx, user, jobId);
  if (confirmation.trim().toLowerCase() !== job.id.slice(-5).toLowerCase()) {
    throw badRequest(
      'CONFIRMATION_MISMATCH',
      'The confirmation digits do not match: type the last 5 characters of the job id.',
    );
  }
  // Storage goes first, so a failure leaves the job listed and the delete can be tried again.
  // A running attempt sees the row gone at its next heartbeat and removes what it wrote itself;
  // the second pass removes what it wrote between the first pass and the row's removal.
  await ctx.storage.deletePrefix(jobPrefix(job.id));
  await inTransaction(ctx.db, async (repos) => {
    const locked = await repos.jobs.lock(job.id);
    if (!locked) return;
    if (locked.status === 'pending' || locked.status === 'processing') {
      await refundReservation(repos, locked.user_id, locked.id, {
        monthly: locked.reserved_monthly,
        purchased: locked.reserved_purchased,
      });
    }
    await repos.jobs.remove(job.id);
  });
  await ctx.storage.deletePrefix(jobPrefix(job.id));
  await forgetAccountCache(ctx.config.cache.dir, job.user_id);
}
