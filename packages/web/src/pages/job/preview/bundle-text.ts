import type { JobFile } from '../../../api/types.js';
import { chunkFiles } from '../analytics/chunk-tokens.js';

/**
 * Above this many bytes a paste gets unreliable: chat boxes and editors truncate or stall on
 * clipboards of several megabytes, so the size is said before copying.
 */
export const CLIPBOARD_COMFORT_BYTES = 4 * 1024 * 1024;

/** The chunk files of a job in chunk order: what "the whole bundle" is made of. */
export function bundleParts(files: readonly JobFile[]): JobFile[] {
  return chunkFiles(files);
}

/** Chunks joined in order; each starts on its own line. */
export function joinChunks(texts: readonly string[]): string {
  let joined = '';
  for (const text of texts) {
    if (joined !== '' && !joined.endsWith('\n')) joined += '\n';
    joined += text;
  }
  return joined;
}

/** The single-file name of a job's bundle: its chunks' extension. */
export function bundleFileName(jobId: string, parts: readonly JobFile[]): string {
  const first = parts[0]?.name ?? '';
  const dot = first.lastIndexOf('.');
  const ext = dot === -1 ? 'txt' : first.slice(dot + 1);
  return `bundle-${jobId.slice(0, 8)}.${ext}`;
}
