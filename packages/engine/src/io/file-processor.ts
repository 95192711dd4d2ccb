import { availableParallelism } from 'node:os';
import type { ResolvedOptions } from '../config/options.js';
import type { FileOutcome } from '../core/process-file.js';
import type { ProcessFileRequest, ProcessFileResponse } from './process-file-task.js';
import { processFileTask } from './process-file-task.js';
import { WorkerPool } from './worker-pool.js';

/** Runs the file stage either inline or on a worker pool; the pipeline does not care which. */
export interface FileProcessor {
  process(path: string, bytes: Uint8Array, options: ResolvedOptions): Promise<FileOutcome>;
  close(): Promise<void>;
}

export function createInlineProcessor(): FileProcessor {
  return {
    async process(path, bytes, options) {
      const { response } = await processFileTask({ path, bytes, options });
      return response.outcome;
    },
    async close() {},
  };
}

/** The worker script sits beside this module: .js when built, .ts under the sources (tests). */
function workerScript(): URL {
  const extension = import.meta.url.endsWith('.ts') ? 'ts' : 'js';
  return new URL(`./process-file-worker.${extension}`, import.meta.url);
}

export function defaultWorkerCount(): number {
  return availableParallelism();
}

export function createPooledProcessor(size = defaultWorkerCount()): FileProcessor {
  const pool = new WorkerPool<ProcessFileRequest, ProcessFileResponse>(workerScript(), size);
  return {
    async process(path, bytes, options) {
      try {
        const response = await pool.run({ path, bytes, options }, [bytes.buffer as ArrayBuffer]);
        return response.outcome;
      } catch (error) {
        const detail = error instanceof Error ? error.message : String(error);
        return { ok: false, skipped: { path, reason: { kind: 'processing-failed', detail } } };
      }
    },
    close: () => pool.close(),
  };
}
