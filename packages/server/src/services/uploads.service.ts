import { createHash, type Hash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ChunkResponse } from '@repobundle/contract';
import { inTransaction } from '../db/repositories/index.js';
import type { UserRow } from '../db/repositories/users.repository.js';
import { AppError, badRequest, conflict, notFound } from '../errors.js';
import type { ServiceContext } from './context.js';

/** Chunks above this are refused; the client's adaptive sizes top out at 32 MB. */
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
 * The body, failing once more than `limit` bytes went by, its bytes fed to `hash` as they pass.
 * A client that breaks off mid-body fails it too, so storage never keeps a truncated object.
 */
function limited(body: Readable, limit: number, onTooLarge: () => Error, hash: Hash): Readable {
  let seen = 0;
  const limiter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > limit) return callback(onTooLarge());
      hash.update(chunk);
      callback(null, chunk);
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
  /** The request's Content-Length when it sent one: the chunk cannot be larger. */
  declaredBytes?: number;
}

/**
 * Caps on uploads started but not yet turned into jobs (parked): a user may keep this many
 * besides the one being written, holding together at most this many times the plan's limit.
 * They go when assembled, deleted, or swept as abandoned.
 */
export const MAX_PARKED_UPLOADS = 10;
export const PARKED_BYTES_PLAN_MULTIPLE = 2;

interface Reservation {
  /** The most bytes this chunk may hold. */
  bytes: number;
  /** The error when the body turns out larger. */
  overLimit: () => Error;
}

/**
 * Sets bytes aside for one chunk before it is written, under the lock of the user's row: the
 * plan's limit per upload and the caps on parked uploads hold however many chunks arrive at
 * once, since each one counts the reservations of the others.
 */
async function reserveChunk(
  ctx: ServiceContext,
  user: UserRow,
  input: Pick<ChunkInput, 'uploadId' | 'fileName' | 'chunkIndex' | 'totalChunks' | 'declaredBytes'>,
  limit: number,
  maxChunkBytes: number,
): Promise<Reservation> {
  return inTransaction(ctx.db, async (repos) => {
    await repos.uploads.lockOwner(user.id);
    const existing = await repos.uploads.find(user.id, input.uploadId);
    if (existing && existing.total_chunks !== input.totalChunks) {
      throw conflict(
        'VALIDATION_ERROR',
        `Upload ${input.uploadId} was started with ${existing.total_chunks} chunks, not ${input.totalChunks}.`,
      );
    }
    if (existing?.assembling_since || existing?.job_id) {
      throw conflict(
        'UPLOAD_ASSEMBLING',
        `Upload ${input.uploadId} is already being turned into a job: it takes no more chunks.`,
      );
    }
    const usage = await repos.uploads.usage(user.id, input.uploadId, input.chunkIndex);
    if (!existing && usage.otherUploads >= MAX_PARKED_UPLOADS) {
      // 409, not 429: waiting does not help, and clients retry a 429 on their own.
      throw new AppError(
        409,
        'TOO_MANY_UPLOADS',
        `You have ${usage.otherUploads} unfinished uploads. Finish or delete one (abandoned ones expire after a day) before starting another.`,
      );
    }
    const parkedLimit = limit * PARKED_BYTES_PLAN_MULTIPLE;
    const uploadRoom = limit - usage.uploadBytes;
    const parkedRoom = parkedLimit - usage.allBytes;
    const room = Math.min(maxChunkBytes, uploadRoom, parkedRoom);
    const overLimit = () =>
      parkedRoom < uploadRoom && parkedRoom < maxChunkBytes
        ? new AppError(
            413,
            'PAYLOAD_TOO_LARGE',
            `Your unfinished uploads may hold at most ${parkedLimit / MB} MB together. Finish or delete one first.`,
          )
        : room < maxChunkBytes
          ? tooLarge(limit / MB)
          : new AppError(
              413,
              'PAYLOAD_TOO_LARGE',
              `Chunk ${input.chunkIndex} is larger than ${maxChunkBytes / MB} MB.`,
            );
    if (room <= 0) throw overLimit();
    const bytes = Math.min(room, input.declaredBytes ?? room);
    await repos.uploads.open(user.id, input.uploadId, input.fileName, input.totalChunks);
    await repos.uploads.reserveChunk(user.id, input.uploadId, input.chunkIndex, bytes);
    return { bytes, overLimit };
  });
}

/** Writes a reserved chunk; the reservation becomes the stored size, or goes on failure. */
async function writeReservedChunk(
  ctx: ServiceContext,
  user: UserRow,
  input: ChunkInput,
  reservation: Reservation,
  emptyDetail: string,
): Promise<number> {
  const key = chunkKey(user.id, input.uploadId, input.chunkIndex);
  // Hashed as the bytes pass: the assembled archive is known by its chunks' digests.
  const hash = createHash('sha256');
  try {
    const { size } = await ctx.storage.put(
      key,
      limited(input.body, reservation.bytes, reservation.overLimit, hash),
    );
    if (size === 0) {
      await ctx.storage.delete(key);
      throw badRequest('VALIDATION_ERROR', emptyDetail);
    }
    await ctx.repos.uploads.recordChunk(user.id, input.uploadId, input.chunkIndex, {
      size,
      sha256: hash.digest('hex'),
    });
    return size;
  } catch (error) {
    await ctx.repos.uploads.releaseChunk(user.id, input.uploadId, input.chunkIndex);
    throw error;
  }
}

/**
 * Stores one chunk of a chunked upload. Idempotent per index: sending the same index again
 * replaces it. The plan's upload limit is checked against everything stored or reserved so
 * far, so a too-large archive is refused at the chunk that crosses it, not after it all arrived.
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
  const limit = await uploadLimitBytes(ctx, user);
  const reservation = await reserveChunk(ctx, user, input, limit, MAX_CHUNK_BYTES);
  const size = await writeReservedChunk(
    ctx,
    user,
    input,
    reservation,
    `Invalid chunk data for chunk ${input.chunkIndex}: it is empty.`,
  );
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
  declaredBytes?: number,
): Promise<ChunkResponse> {
  const started = Date.now();
  const limit = await uploadLimitBytes(ctx, user);
  const existing = await ctx.repos.uploads.find(user.id, uploadId);
  if (existing?.assembling_since || existing?.job_id) {
    throw conflict(
      'UPLOAD_ASSEMBLING',
      `Upload ${uploadId} is already being turned into a job: it takes no more data.`,
    );
  }
  await ctx.storage.deletePrefix(uploadPrefix(user.id, uploadId));
  await ctx.repos.uploads.remove(user.id, uploadId);
  const input = {
    uploadId,
    fileName,
    chunkIndex: 0,
    totalChunks: 1,
    body,
    ...(declaredBytes === undefined ? {} : { declaredBytes }),
  };
  const reservation = await reserveChunk(ctx, user, input, limit, limit);
  const size = await writeReservedChunk(
    ctx,
    user,
    input,
    { bytes: reservation.bytes, overLimit: () => tooLarge(limit / MB) },
    'The request body is empty: send the ZIP archive.',
  );
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

/**
 * Removes uploads untouched for `maxAgeMs` (abandoned by their client), and the rows that only
 * remembered which job an assembled upload became. Counts the abandoned ones.
 */
export async function sweepAbandonedUploads(
  ctx: ServiceContext,
  maxAgeMs: number,
): Promise<number> {
  const stale = await ctx.repos.uploads.abandoned(new Date(ctx.now().getTime() - maxAgeMs));
  for (const upload of stale) {
    await ctx.storage.deletePrefix(uploadPrefix(upload.user_id, upload.upload_id));
    await ctx.repos.uploads.remove(upload.user_id, upload.upload_id);
  }
  return stale.filter((upload) => upload.job_id === null).length;
}
