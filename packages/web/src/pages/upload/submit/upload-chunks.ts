import { chunkSizeFor, concurrencyFor, planChunks, type ChunkSpan } from './chunk-plan.js';
import {
  UploadCancelledError,
  UploadHttpError,
  isCancelled,
  isRetryable,
  sleep as realSleep,
} from '../../../api/upload-errors.js';
import type { UploadPerformance } from './upload-performance.js';
import type { Sleep, UploadTransport } from '../../../api/upload-transport.js';

// The chunked upload: chunks in parallel (smallest first),
// each retried up to 5 times with a doubling backoff, a 429 waiting for its Retry-After.

export const CHUNK_ATTEMPTS = 5;
const BACKOFF_START_MS = 1000;
const BACKOFF_MAX_MS = 10_000;
const DEFAULT_RETRY_AFTER_S = 10;

export interface ChunkUploadOptions {
  file: Blob;
  fileName: string;
  uploadId: string;
  transport: UploadTransport;
  performance: UploadPerformance;
  signal?: AbortSignal;
  /** Bytes sent so far (acknowledged chunks plus the chunks in flight). */
  onProgress?: (sentBytes: number, totalBytes: number) => void;
  sleep?: Sleep;
  random?: () => number;
  now?: () => number;
}

/** 1 s doubling to at most 10 s, plus up to 1 s of jitter so retries do not arrive together. */
export function chunkBackoffMs(attempt: number, random: () => number = Math.random): number {
  return Math.min(BACKOFF_START_MS * 2 ** (attempt - 1), BACKOFF_MAX_MS) + random() * 1000;
}

function reasonOf(error: unknown, index: number): string {
  if (error instanceof UploadHttpError) {
    return error.status === 0
      ? error.message
      : `Chunk ${index} upload failed: ${error.status} ${error.message}`;
  }
  return error instanceof Error ? error.message : String(error);
}

/** Uploads every chunk and resolves with their number, or rejects with the first lasting failure. */
export async function uploadChunks(options: ChunkUploadOptions): Promise<number> {
  const { file, performance } = options;
  const sleep = options.sleep ?? realSleep;
  const random = options.random ?? Math.random;
  const now = options.now ?? (() => Date.now());
  const chunkSize = chunkSizeFor(file.size, performance.stats());
  const queue = planChunks(file.size, chunkSize);
  const total = queue.length;
  const inner = new AbortController();
  const abortInner = () => inner.abort();
  options.signal?.addEventListener('abort', abortInner, { once: true });
  const sentByChunk = new Map<number, number>();
  let sentTotal = 0;
  const report = (index: number, bytes: number) => {
    sentTotal += bytes - (sentByChunk.get(index) ?? 0);
    sentByChunk.set(index, bytes);
    options.onProgress?.(sentTotal, file.size);
  };

  const uploadOne = async (span: ChunkSpan) => {
    const blob = file.slice(span.start, span.end);
    for (let attempt = 1; ; attempt++) {
      const started = now();
      try {
        await options.transport.uploadChunk(
          {
            uploadId: options.uploadId,
            fileName: options.fileName,
            index: span.index,
            total,
            blob,
          },
          (bytes) => report(span.index, Math.min(bytes, blob.size)),
          inner.signal,
        );
        performance.record({ bytes: blob.size, ms: Math.max(1, now() - started), ok: true });
        report(span.index, blob.size);
        return;
      } catch (error) {
        if (isCancelled(error, inner.signal)) throw new UploadCancelledError();
        performance.record({ bytes: blob.size, ms: Math.max(1, now() - started), ok: false });
        report(span.index, 0);
        const reason = reasonOf(error, span.index);
        if (!isRetryable(error)) throw new Error(reason, { cause: error });
        if (attempt >= CHUNK_ATTEMPTS) {
          throw new Error(
            `Failed to upload chunk ${span.index} after ${CHUNK_ATTEMPTS} attempts: ${reason}`,
            { cause: error },
          );
        }
        const wait =
          error instanceof UploadHttpError && error.status === 429
            ? (error.retryAfter ?? DEFAULT_RETRY_AFTER_S) * 1000
            : chunkBackoffMs(attempt, random);
        await sleep(wait, inner.signal);
      }
    }
  };

  const running = new Set<Promise<void>>();
  let failure: unknown = null;
  try {
    while (queue.length > 0 || running.size > 0) {
      while (queue.length > 0 && running.size < concurrencyFor(performance.stats()) && !failure) {
        const task: Promise<void> = uploadOne(queue.shift()!).then(
          () => void running.delete(task),
          (error: unknown) => {
            running.delete(task);
            if (!failure) failure = error;
            // One lasting failure ends the upload: stop the other chunks.
            inner.abort();
          },
        );
        running.add(task);
      }
      if (failure && running.size === 0) break;
      if (running.size > 0) await Promise.race(running);
    }
  } finally {
    options.signal?.removeEventListener('abort', abortInner);
  }
  if (options.signal?.aborted) throw new UploadCancelledError();
  if (failure) throw failure;
  return total;
}
