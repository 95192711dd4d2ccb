import type { TransferListItem } from 'node:worker_threads';
import type { ResolvedOptions } from '../config/options.js';
import type { FileOutcome } from '../core/process-file.js';
import { processFile } from '../core/process-file.js';
import { getTokenCounter } from '../core/tokens/index.js';
import { enabledTransforms } from '../core/transform/transform-pipeline.js';

export interface ProcessFileRequest {
  readonly path: string;
  readonly bytes: Uint8Array;
  readonly options: ResolvedOptions;
}

export interface ProcessFileResponse {
  readonly outcome: FileOutcome;
}

/** One file's work, the same in a worker thread and inline; returns what to transfer back. */
export async function processFileTask(
  request: ProcessFileRequest,
): Promise<{ response: ProcessFileResponse; transfer: TransferListItem[] }> {
  const { path, bytes, options } = request;
  const counter = getTokenCounter(options.encoding);
  const outcome = await processFile(path, bytes, options, counter, enabledTransforms(options));
  const transfer: TransferListItem[] = outcome.ok
    ? [outcome.file.linePrefix.buffer as ArrayBuffer]
    : [];
  return { response: { outcome }, transfer };
}
