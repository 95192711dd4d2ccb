import type { ResolvedOptions } from '../config/options.js';
import { decodeText } from './decode/index.js';
import { languageOf } from './languages.js';
import type { TokenCounter } from './tokens/token-counter.js';
import { countLinesOf } from './tokens/token-counter.js';
import { applyTransforms } from './transform/transform-pipeline.js';
import type { Transform } from './transform/transform.js';
import type { ProcessedFile, SkippedFile } from './types.js';

export type FileOutcome = { ok: true; file: ProcessedFile } | { ok: false; skipped: SkippedFile };

/**
 * Decode, transform and count one file: the unit of work the worker pool runs. A problem with
 * this file becomes a skip record with its reason; it never aborts the job.
 */
export async function processFile(
  path: string,
  bytes: Uint8Array,
  options: ResolvedOptions,
  counter: TokenCounter,
  transforms: readonly Transform[],
): Promise<FileOutcome> {
  const decoded = decodeText(path, bytes, options.maxFileBytes);
  if (!decoded.ok) return { ok: false, skipped: { path, reason: decoded.reason } };

  const language = languageOf(path);
  const notes: string[] = [];
  const redactions: Record<string, number> = {};
  let content: string;
  try {
    content = await applyTransforms(decoded.text, transforms, {
      path,
      language,
      options,
      note: (message) => notes.push(message),
      countRedaction: (type) => {
        redactions[type] = (redactions[type] ?? 0) + 1;
      },
    });
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, skipped: { path, reason: { kind: 'processing-failed', detail } } };
  }

  const linePrefix = counter.countLines(content);
  const file: ProcessedFile = {
    path,
    language,
    content,
    lines: countLinesOf(content),
    tokens: linePrefix[linePrefix.length - 1] ?? 0,
    linePrefix,
    originalBytes: bytes.byteLength,
    notes,
    ...(Object.keys(redactions).length > 0 ? { redactions } : {}),
  };
  return { ok: true, file };
}
