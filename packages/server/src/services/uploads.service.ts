import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ChunkResponse } from '@repobundle/contract';
import type { UserRow } from '../db/repositories/users.repository.js';
import { AppError, badRequest, conflict, notFound } from '../errors.js';
import type { ServiceContext } from './context.js';

/** Chunks above this are refused; the client's adaptive sizes top out at 32 MB (spec 9). */
export const MAX_CHUNK_BYTES = 32 * 1024 * 1024;

export const uploadPrefix = (userId: string, uploadId: string) => `uploads/${userId}/${uploadId}/`;
export const chunkKey = (userId: string, uploadId: string, index: number) =>
  `${uploadPrefix(userId, uploadId)}chunk-${String(index).padStart(6, '0')}`;

const MB = 1024 * 1024;

export function tooLarge(limitMb: number): AppError {
  return new AppError(
    413,
    'PAYLOAD_TOO_LARGE',
    `File too large. Your plan allows uploads up to ${limitMb} MB.`,
  );
}

/** The upload limit of the user's plan, in bytes. */
export async function uploadLimitBytes(ctx: ServiceContext, user: UserRow): Promise<number> {
  const plan = await ctx.repos.plans.findById(user.plan_id);
  return (plan?.uploadLimitMb ?? 10) * MB;
}

/**
 * The body, failing once more than `limit` bytes went by. A client that breaks off mid-body
 * fails it too, so storage never keeps a truncated object.
 */
function limited(body: Readable, limit: number, onTooLarge: () => Error): Readable {
  let seen = 0;
  const limiter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > limit) callback(onTooLarge());
      else callback(null, chunk);
    },
  });
  // Errors reach the storage through `limiter`; the promise itself has nothing more to say.
  pipeline(body, limiter).catch(() => undefined);
  return limiter;
}

export interface ChunkInput {
  uploadId: string;
  fileName: string;
  chunkIndex: number;
  totalChunks: number;
  /** The chunk's bytes, already on local disk or still arriving. */
  body: Readable;
}

/**
 * Stores one chunk of a chunked upload. Idempotent per index: sending the same index again
 * replaces it. The plan's upload limit is checked against everything stored so far, so a
 * too-large archive is refused at the chunk that crosses it, not after it all arrived.
 */
export async function storeChunk(
  ctx: ServiceContext,
  user: UserRow,
  input: ChunkInput,
): Promise<ChunkResponse> {
  const started = Date.now();
  if (input.chunkIndex >= input.totalChunks) {
    throw badRequest(
      'VALIDATION_ERROR',
      `chunk_index ${input.chunkIndex} is out of range: total_chunks is ${input.totalChunks}.`,
    );
  }
  const existing = await ctx.repos.uploads.find(user.id, input.uploadId);
  if (existing && existing.total_chunks !== input.totalChunks) {
    throw conflict(
      'VALIDATION_ERROR',
      `Upload ${input.uploadId} was started with ${existing.total_chunks} chunks, not ${input.totalChunks}.`,
    );
  }
  const limit = await uploadLimitBytes(ctx, user);
  const stored = existing ? await ctx.repos.uploads.chunks(user.id, input.uploadId) : [];
  const others = stored
    .filter((chunk) => chunk.chunk_index !== input.chunkIndex)
    .reduce((sum, chunk) => sum + chunk.size, 0);
  const room = Math.min(MAX_CHUNK_BYTES, limit - others);
  const overLimit = () =>
    limit - others < MAX_CHUNK_BYTES
      ? tooLarge(limit / MB)
      : new AppError(
          413,
          'PAYLOAD_TOO_LARGE',
          `Chunk ${input.chunkIndex} is larger than ${MAX_CHUNK_BYTES / MB} MB.`,
        );
  if (room <= 0) throw tooLarge(limit / MB);

  await ctx.repos.uploads.open(user.id, input.uploadId, input.fileName, input.totalChunks);
  const key = chunkKey(user.id, input.uploadId, input.chunkIndex);
  const { size } = await ctx.storage.put(key, limited(input.body, room, overLimit));
  if (size === 0) {
    await ctx.storage.delete(key);
    throw badRequest(
      'VALIDATION_ERROR',
      `Invalid chunk data for chunk ${input.chunkIndex}: it is empty.`,
    );
  }
  await ctx.repos.uploads.recordChunk(user.id, input.uploadId, input.chunkIndex, size);
  const received = await ctx.repos.uploads.chunks(user.id, input.uploadId);
  const seconds = Math.max((Date.now() - started) / 1000, 0.001);
  return {
    upload_id: input.uploadId,
    chunk_index: input.chunkIndex,
    chunk_size: size,
    upload_time: Math.round(seconds * 1000) / 1000,
    upload_speed_mbps: Math.round((size / MB / seconds) * 100) / 100,
    received_chunks: received.length,
    total_chunks: input.totalChunks,
  };
}

/** The streaming path: the whole archive in one request body, stored as a one-chunk upload. */
export async function storeStream(
  ctx: ServiceContext,
  user: UserRow,
  uploadId: string,
  fileName: string,
  body: Readable,
): Promise<ChunkResponse> {
  const started = Date.now();
  const limit = await uploadLimitBytes(ctx, user);
  await ctx.storage.deletePrefix(uploadPrefix(user.id, uploadId));
  await ctx.repos.uploads.remove(user.id, uploadId);
  await ctx.repos.uploads.open(user.id, uploadId, fileName, 1);
  const key = chunkKey(user.id, uploadId, 0);
  const { size } = await ctx.storage.put(
    key,
    limited(body, limit, () => tooLarge(limit / MB)),
  );
  if (size === 0) {
    await ctx.storage.delete(key);
    throw badRequest('VALIDATION_ERROR', 'The request body is empty: send the ZIP archive.');
  }
  await ctx.repos.uploads.recordChunk(user.id, uploadId, 0, size);
  const seconds = Math.max((Date.now() - started) / 1000, 0.001);
  return {
    upload_id: uploadId,
    chunk_index: 0,
    chunk_size: size,
    upload_time: Math.round(seconds * 1000) / 1000,
    upload_speed_mbps: Math.round((size / MB / seconds) * 100) / 100,
    received_chunks: 1,
    total_chunks: 1,
  };
}

/** DELETE /api/jobs/upload/{upload_id}: the rows and every stored chunk. */
export async function deleteUpload(
  ctx: ServiceContext,
  user: UserRow,
  uploadId: string,
): Promise<{ message: string; deleted_chunks: number }> {
  const existed = await ctx.repos.uploads.remove(user.id, uploadId);
  const deleted = await ctx.storage.deletePrefix(uploadPrefix(user.id, uploadId));
  if (!existed && deleted === 0) throw notFound('Upload not found.');
  return { message: 'Upload removed.', deleted_chunks: deleted };
}

/** Removes uploads untouched for `maxAgeMs` (abandoned by their client). */
export async function sweepAbandonedUploads(
  ctx: ServiceContext,
  maxAgeMs: number,
): Promise<number> {
  const stale = await ctx.repos.uploads.abandoned(new Date(ctx.now().getTime() - maxAgeMs));
  for (const upload of stale) {
    await ctx.storage.deletePrefix(uploadPrefix(upload.user_id, upload.upload_id));
    await ctx.repos.uploads.remove(upload.user_id, upload.upload_id);
  }
  return stale.length;
}
