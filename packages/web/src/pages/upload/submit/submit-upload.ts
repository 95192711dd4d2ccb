import type { JobCreatedResponse, JobCreationFields } from '@repobundle/contract';
import { STREAMING_THRESHOLD } from './chunk-plan.js';
import { uploadChunks } from './upload-chunks.js';
import {
  UploadCancelledError,
  UploadHttpError,
  isCancelled,
  isRetryable,
  sleep as realSleep,
} from '../../../api/upload-errors.js';
import type { UploadPerformance } from './upload-performance.js';
import type { Sleep, UploadTransport } from '../../../api/upload-transport.js';

// The whole submission: stream files over 10 MB (falling
// back to chunks on any failure), else chunks; a 200 ms pause; assembly, which creates the job;
// cleanup of the upload when anything fails after bytes were sent.

export type SubmitStep = 'preparing' | 'uploading' | 'processing' | 'redirecting';

export const PAUSE_BEFORE_ASSEMBLY_MS = 200;
export const ASSEMBLY_ATTEMPTS = 3;
const ASSEMBLY_RETRY_AFTER_S = 5;
export const CLEANUP_RETRIES = 3;

export interface SubmitOptions {
  file: File;
  fields: JobCreationFields;
  transport: UploadTransport;
  performance: UploadPerformance;
  signal: AbortSignal;
  /** The step and, while bytes move, the upload's own percent (0-100). */
  onStep: (step: SubmitStep, uploadPercent: number, sentBytes: number) => void;
  sleep?: Sleep;
  random?: () => number;
  /** A fresh client-made upload id (letters, digits, - and _). */
  newUploadId?: () => string;
}

export function createUploadId(): string {
  const random = crypto.getRandomValues(new Uint8Array(12));
  return `up_${Date.now().toString(36)}_${[...random].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** Assembly: 3 attempts, 2 s doubling to at most 10 s; a 429 waits for Retry-After (5 s). */
async function assembleWithRetries(
  transport: UploadTransport,
  request: Parameters<UploadTransport['assemble']>[0],
  signal: AbortSignal,
  sleep: Sleep,
): Promise<JobCreatedResponse> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transport.assemble(request, signal);
    } catch (error) {
      if (isCancelled(error, signal)) throw new UploadCancelledError();
      // Refusals (credits, plan limits, a bad selection) are answers, not accidents: shown as is.
      if (!isRetryable(error)) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      if (attempt >= ASSEMBLY_ATTEMPTS) {
        throw new Error(`File assembly failed after ${ASSEMBLY_ATTEMPTS} attempts: ${reason}`, {
          cause: error,
        });
      }
      const wait =
        error instanceof UploadHttpError && error.status === 429
          ? (error.retryAfter ?? ASSEMBLY_RETRY_AFTER_S) * 1000
          : Math.min(2000 * 2 ** (attempt - 1), 10_000);
      await sleep(wait, signal);
    }
  }
}

/** Removes a failed upload's chunks: up to 3 retries when rate limited, 1 s doubling to 5 s. */
export async function cleanupUpload(
  transport: UploadTransport,
  uploadId: string,
  sleep: Sleep = realSleep,
): Promise<boolean> {
  for (let retry = 0; ; retry++) {
    try {
      await transport.deleteUpload(uploadId);
      return true;
    } catch (error) {
      if (error instanceof UploadHttpError && error.status === 404) return true;
      const limited = error instanceof UploadHttpError && error.status === 429;
      if (!limited || retry >= CLEANUP_RETRIES) return false;
      await sleep(Math.min(1000 * 2 ** retry, 5000));
    }
  }
}

export async function submitUpload(options: SubmitOptions): Promise<JobCreatedResponse> {
  const { file, transport, signal } = options;
  const sleep = options.sleep ?? realSleep;
  const newUploadId = options.newUploadId ?? createUploadId;
  options.onStep('preparing', 0, 0);
  let uploadId = newUploadId();
  let totalChunks = 0;
  let sentAnything = false;
  const percentOf = (sent: number) => (file.size > 0 ? (sent / file.size) * 100 : 100);

  try {
    if (file.size > STREAMING_THRESHOLD) {
      try {
        options.onStep('processing', 0, 0);
        sentAnything = true;
        await transport.uploadStream(
          { uploadId, fileName: file.name, file },
          (sent) => options.onStep('processing', percentOf(sent), sent),
          signal,
        );
        totalChunks = 1;
      } catch (error) {
        if (isCancelled(error, signal)) throw new UploadCancelledError();
        console.warn('Streaming processing failed at chunk 0; falling back to chunks.', error);
        void cleanupUpload(transport, uploadId, sleep);
        uploadId = newUploadId();
      }
    }
    if (totalChunks === 0) {
      options.onStep('uploading', 0, 0);
      sentAnything = true;
      totalChunks = await uploadChunks({
        file,
        fileName: file.name,
        uploadId,
        transport,
        performance: options.performance,
        signal,
        sleep,
        ...(options.random ? { random: options.random } : {}),
        onProgress: (sent) => options.onStep('uploading', percentOf(sent), sent),
      });
    }
    await sleep(PAUSE_BEFORE_ASSEMBLY_MS, signal);
    options.onStep('processing', 100, file.size);
    const job = await assembleWithRetries(
      transport,
      { ...options.fields, upload_id: uploadId, file_name: file.name, total_chunks: totalChunks },
      signal,
      sleep,
    );
    if (!job?.job_id) throw new Error('Upload failed. Please try again.');
    options.onStep('redirecting', 100, file.size);
    return job;
  } catch (error) {
    if (sentAnything) void cleanupUpload(transport, uploadId, sleep);
    if (isCancelled(error, signal)) throw new UploadCancelledError();
    throw error;
  }
}
