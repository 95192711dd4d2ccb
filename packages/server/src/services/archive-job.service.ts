import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { openZipSource } from '@repobundle/engine';
import type { archiveJobFieldsSchema, JobCreatedResponse } from '@repobundle/contract';
import type { z } from 'zod';
import type { UserRow } from '../db/repositories/users.repository.js';
import { archiveError } from './archive-inspection.js';
import type { ServiceContext } from './context.js';
import { createJobFromUpload } from './jobs.service.js';
import { chunkKey, deleteUpload, storeStream } from './uploads.service.js';

export type ArchiveJobFields = z.output<typeof archiveJobFieldsSchema>;

export interface ArchiveJobRequest {
  fileName: string;
  body: Readable;
  /** The request's Content-Length when it sent one and the body is the archive alone. */
  declaredBytes?: number;
}

/** Every file path of a stored upload's archive: the selection when a program names none. */
async function archivePaths(
  ctx: ServiceContext,
  user: UserRow,
  uploadId: string,
): Promise<string[]> {
  const local = await ctx.storage.localFile(chunkKey(user.id, uploadId, 0));
  try {
    const tree = await openZipSource(local.path).catch(archiveError);
    try {
      return tree.entries.map((entry) => entry.path);
    } finally {
      await tree.close();
    }
  } finally {
    await local.release();
  }
}

/**
 * The archive arrives in one request: it is stored as a one-part upload (the plan's upload
 * limit and the caps on unfinished uploads apply as to any upload), then turned into a job
 * exactly as assemble does (selection checks, line limit, credits reserved or 402). A refusal
 * removes the upload: a program sends the whole request again, never resumes this one.
 */
export async function storeArchive(
  ctx: ServiceContext,
  user: UserRow,
  archive: ArchiveJobRequest,
): Promise<string> {
  const uploadId = `archive-${randomUUID()}`;
  try {
    await storeStream(ctx, user, uploadId, archive.fileName, archive.body, archive.declaredBytes);
  } catch (error) {
    // Not left parked: a program retries with a new request, and parked uploads are capped.
    await discardStoredArchive(ctx, user, uploadId);
    throw error;
  }
  return uploadId;
}

/** Makes the job of an archive stored by storeArchive; see there. */
export async function createJobFromStoredArchive(
  ctx: ServiceContext,
  user: UserRow,
  uploadId: string,
  fileName: string,
  fields: ArchiveJobFields,
): Promise<JobCreatedResponse> {
  try {
    const { file_name: _named, ...jobFields } = fields;
    return await createJobFromUpload(ctx, user, {
      ...jobFields,
      output_format: fields.output_format ?? 'md',
      selected: fields.selected ?? (await archivePaths(ctx, user, uploadId)),
      upload_id: uploadId,
      file_name: fileName,
      total_chunks: 1,
    });
  } catch (error) {
    await discardStoredArchive(ctx, user, uploadId);
    throw error;
  }
}

/** A refusal after the archive was stored (bad form fields): its upload goes too. */
export async function discardStoredArchive(
  ctx: ServiceContext,
  user: UserRow,
  uploadId: string,
): Promise<void> {
  await deleteUpload(ctx, user, uploadId).catch(() => undefined);
}
