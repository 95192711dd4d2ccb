// @vitest-environment node
import type { AssembleRequest, ChunkResponse, JobCreatedResponse } from '@repobundle/contract';
import { describe, expect, it } from 'vitest';
import {
  baseChunkSize,
  chunkSizeFor,
  concurrencyFor,
  planChunks,
  STREAMING_THRESHOLD,
} from './chunk-plan.js';
import { cleanupUpload, submitUpload, type SubmitStep } from './submit-upload.js';
import { chunkBackoffMs, uploadChunks } from './upload-chunks.js';
import { UploadHttpError } from '../../../api/upload-errors.js';
import { UploadPerformance } from './upload-performance.js';
import type { UploadTransport } from '../../../api/upload-transport.js';

const MB = 1024 * 1024;

type Outcome = 'ok' | UploadHttpError | Error;

/** A transport that answers from a script per chunk index and records every call. */
function fakeTransport(script: Record<number, Outcome[]> = {}, options: { stream?: Outcome } = {}) {
  const calls: Array<{ index: number; size: number; at: number }> = [];
  const received = new Map<number, number>();
  let inFlight = 0;
  let maxInFlight = 0;
  const deleted: string[] = [];
  const assembled: AssembleRequest[] = [];
  let clock = 0;
  const response = (index: number, size: number, total: number): ChunkResponse => ({
    upload_id: 'u',
    chunk_index: index,
    chunk_size: size,
    upload_time: 0.01,
    upload_speed_mbps: 1,
    received_chunks: received.size,
    total_chunks: total,
  });
  const transport: UploadTransport = {
    async uploadChunk(request, onProgress) {
      calls.push({ index: request.index, size: request.blob.size, at: clock++ });
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight--;
      const outcome = script[request.index]?.shift() ?? 'ok';
      if (outcome !== 'ok') throw outcome;
      onProgress(request.blob.size);
      received.set(request.index, request.blob.size);
      return response(request.index, request.blob.size, request.total);
    },
    async uploadStream(request) {
      const outcome = options.stream ?? 'ok';
      if (outcome !== 'ok') throw outcome;
      received.set(0, request.file.size);
      return response(0, request.file.size, 1);
    },
    async assemble(request): Promise<JobCreatedResponse> {
      assembled.push(request);
      return {
        job_id: 'job-1',
        id: 'job-1',
        status: 'pending',
        total_files: 1,
        line_count: 1,
        reserved_credits: 1,
      };
    },
    async deleteUpload(uploadId) {
      deleted.push(uploadId);
    },
  };
  return {
    transport,
    calls,
    received,
    deleted,
    assembled,
    maxInFlight: () => maxInFlight,
  };
}

const noSleep = async () => undefined;
const fileOf = (size: number, name = 'repo.zip') => new File([new Uint8Array(size)], name);

describe('chunk plan', () => {
  it('sizes chunks by file size: 2, 4, 8 and 16 MB', () => {
    expect(baseChunkSize(9 * MB)).toBe(2 * MB);
    expect(baseChunkSize(10 * MB)).toBe(4 * MB);
    expect(baseChunkSize(99 * MB)).toBe(4 * MB);
    expect(baseChunkSize(100 * MB)).toBe(8 * MB);
    expect(baseChunkSize(499 * MB)).toBe(8 * MB);
    expect(baseChunkSize(500 * MB)).toBe(16 * MB);
  });

  it('adapts the size to the measured speed after more than 5 uploads, within 1-32 MB', () => {
    expect(chunkSizeFor(50 * MB, { uploads: 5, averageSpeed: 10 })).toBe(4 * MB);
    expect(chunkSizeFor(50 * MB, { uploads: 6, averageSpeed: 2 })).toBe(6000 * 1024);
    expect(chunkSizeFor(50 * MB, { uploads: 6, averageSpeed: 0.1 })).toBe(MB);
    expect(chunkSizeFor(50 * MB, { uploads: 9, averageSpeed: 100 })).toBe(32 * MB);
  });

  it('runs 3 at once at first, then follows the speed', () => {
    expect(concurrencyFor({ uploads: 2, averageSpeed: 9 })).toBe(3);
    expect(concurrencyFor({ uploads: 3, averageSpeed: 0.6 })).toBe(5);
    expect(concurrencyFor({ uploads: 3, averageSpeed: 0.4 })).toBe(4);
    expect(concurrencyFor({ uploads: 3, averageSpeed: 0.25 })).toBe(3);
    expect(concurrencyFor({ uploads: 3, averageSpeed: 0.1 })).toBe(2);
  });

  it('orders chunks smallest first and covers every byte once', () => {
    const spans = planChunks(5 * MB + 10, 2 * MB);
    expect(spans.map((s) => s.index)).toEqual([2, 0, 1]);
    expect(spans[0]).toEqual({ index: 2, start: 4 * MB, end: 5 * MB + 10 });
    expect(planChunks(0, 2 * MB)).toEqual([{ index: 0, start: 0, end: 0 }]);
  });

  it('backs off 1 s doubling up to 10 s, plus up to 1 s of jitter', () => {
    expect([1, 2, 3, 4, 5, 6].map((a) => chunkBackoffMs(a, () => 0))).toEqual([
      1000, 2000, 4000, 8000, 10000, 10000,
    ]);
    expect(chunkBackoffMs(1, () => 0.999)).toBeCloseTo(1999, 0);
  });
});

describe('uploadChunks', () => {
  it('uploads every chunk in parallel, smallest first, at most 3 at a time to start', async () => {
    const fake = fakeTransport();
    const file = fileOf(9 * MB + 100);
    const progress: number[] = [];
    const total = await uploadChunks({
      file,
      fileName: file.name,
      uploadId: 'u1',
      transport: fake.transport,
      performance: new UploadPerformance(),
      sleep: noSleep,
      onProgress: (sent) => progress.push(sent),
    });
    expect(total).toBe(5);
    expect(fake.calls[0]).toMatchObject({ index: 4, size: MB + 100 });
    expect([...fake.received.values()].reduce((a, b) => a + b, 0)).toBe(file.size);
    expect(fake.maxInFlight()).toBeLessThanOrEqual(3);
    expect(fake.maxInFlight()).toBeGreaterThan(1);
    expect(progress.at(-1)).toBe(file.size);
  });

  it('retries a failing chunk with backoff and honours Retry-After on 429', async () => {
    const waits: number[] = [];
    const fake = fakeTransport({
      1: [
        new UploadHttpError('Server busy', 503, null, null),
        new UploadHttpError('Slow down', 429, 'RATE_LIMITED', 7),
      ],
    });
    const file = fileOf(3 * MB);
    await uploadChunks({
      file,
      fileName: file.name,
      uploadId: 'u2',
      transport: fake.transport,
      performance: new UploadPerformance(),
      sleep: async (ms) => void waits.push(ms),
      random: () => 0,
    });
    expect(fake.calls.filter((call) => call.index === 1)).toHaveLength(3);
    expect(waits).toEqual([1000, 7000]);
  });

  it('gives up after 5 attempts with the spec message', async () => {
    const failing = Array.from({ length: 5 }, () => new UploadHttpError('boom', 500, null, null));
    const fake = fakeTransport({ 0: failing });
    const file = fileOf(100);
    await expect(
      uploadChunks({
        file,
        fileName: file.name,
        uploadId: 'u3',
        transport: fake.transport,
        performance: new UploadPerformance(),
        sleep: noSleep,
      }),
    ).rejects.toThrow('Failed to upload chunk 0 after 5 attempts: Chunk 0 upload failed: 500 boom');
    expect(fake.calls).toHaveLength(5);
  });

  it('does not retry a refusal such as 413', async () => {
    const fake = fakeTransport({
      0: [
        new UploadHttpError('File too large. Maximum size: 10MB', 413, 'PAYLOAD_TOO_LARGE', null),
      ],
    });
    const file = fileOf(100);
    await expect(
      uploadChunks({
        file,
        fileName: file.name,
        uploadId: 'u4',
        transport: fake.transport,
        performance: new UploadPerformance(),
        sleep: noSleep,
      }),
    ).rejects.toThrow('Chunk 0 upload failed: 413 File too large. Maximum size: 10MB');
    expect(fake.calls).toHaveLength(1);
  });
});

const FIELDS = { selected: ['a.ts'], output_format: 'md' as const };

describe('submitUpload', () => {
  it('streams files over 10 MB and assembles one chunk after the pause', async () => {
    const fake = fakeTransport();
    const steps: SubmitStep[] = [];
    const waits: number[] = [];
    const job = await submitUpload({
      file: fileOf(STREAMING_THRESHOLD + 1),
      fields: FIELDS,
      transport: fake.transport,
      performance: new UploadPerformance(),
      signal: new AbortController().signal,
      onStep: (step) => steps.push(step),
      sleep: async (ms) => void waits.push(ms),
      newUploadId: () => 'stream-1',
    });
    expect(job.job_id).toBe('job-1');
    expect(fake.calls).toEqual([]);
    expect(fake.assembled[0]).toMatchObject({
      upload_id: 'stream-1',
      total_chunks: 1,
      selected: ['a.ts'],
    });
    expect(waits).toEqual([200]);
    expect([...new Set(steps)]).toEqual(['preparing', 'processing', 'redirecting']);
  });

  it('falls back to chunks when streaming fails, and cleans the stream upload up', async () => {
    const fake = fakeTransport({}, { stream: new UploadHttpError('Bad gateway', 502, null, null) });
    let id = 0;
    const steps: SubmitStep[] = [];
    await submitUpload({
      file: fileOf(STREAMING_THRESHOLD + 1),
      fields: FIELDS,
      transport: fake.transport,
      performance: new UploadPerformance(),
      signal: new AbortController().signal,
      onStep: (step) => steps.push(step),
      sleep: noSleep,
      newUploadId: () => `id-${++id}`,
    });
    expect(fake.calls).toHaveLength(3); // 10 MB + 1 byte in 4 MB chunks
    expect(fake.assembled[0]).toMatchObject({ upload_id: 'id-2', total_chunks: 3 });
    expect(fake.deleted).toEqual(['id-1']);
    expect(steps).toContain('uploading');
  });

  it('cleans up after a failure once bytes were sent, and shows refusals as they are', async () => {
    const fake = fakeTransport();
    fake.transport.assemble = async () => {
      throw new UploadHttpError(
        'This job requires 9 credits, but you only have 2 monthly credits available.',
        402,
        'INSUFFICIENT_CREDITS',
        null,
      );
    };
    await expect(
      submitUpload({
        file: fileOf(1000),
        fields: FIELDS,
        transport: fake.transport,
        performance: new UploadPerformance(),
        signal: new AbortController().signal,
        onStep: () => undefined,
        sleep: noSleep,
        newUploadId: () => 'u-402',
      }),
    ).rejects.toThrow('This job requires 9 credits');
    await Promise.resolve();
    expect(fake.deleted).toEqual(['u-402']);
  });

  it('retries assembly 3 times on server errors', async () => {
    const fake = fakeTransport();
    let attempts = 0;
    fake.transport.assemble = async () => {
      attempts++;
      throw new UploadHttpError('database unavailable', 503, null, null);
    };
    const waits: number[] = [];
    await expect(
      submitUpload({
        file: fileOf(10),
        fields: FIELDS,
        transport: fake.transport,
        performance: new UploadPerformance(),
        signal: new AbortController().signal,
        onStep: () => undefined,
        sleep: async (ms) => void waits.push(ms),
      }),
    ).rejects.toThrow('File assembly failed after 3 attempts: database unavailable');
    expect(attempts).toBe(3);
    expect(waits).toEqual([200, 2000, 4000]);
  });

  it('stops at once when cancelled', async () => {
    const fake = fakeTransport();
    const controller = new AbortController();
    const promise = submitUpload({
      file: fileOf(5 * MB),
      fields: FIELDS,
      transport: fake.transport,
      performance: new UploadPerformance(),
      signal: controller.signal,
      onStep: (step) => {
        if (step === 'uploading') controller.abort();
      },
      sleep: noSleep,
    });
    await expect(promise).rejects.toThrow('Upload cancelled');
    expect(fake.assembled).toEqual([]);
  });
});

describe('cleanupUpload', () => {
  it('retries up to 3 times when rate limited, 1 s doubling', async () => {
    const waits: number[] = [];
    let calls = 0;
    const transport = {
      deleteUpload: async () => {
        calls++;
        throw new UploadHttpError('Too many requests', 429, null, null);
      },
    } as unknown as UploadTransport;
    expect(await cleanupUpload(transport, 'x', async (ms) => void waits.push(ms))).toBe(false);
    expect(calls).toBe(4);
    expect(waits).toEqual([1000, 2000, 4000]);
  });
});
