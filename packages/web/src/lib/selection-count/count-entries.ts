import { countLinesInBytes } from '@repobundle/contract/files';
import type { TokenCounter } from '@repobundle/engine/tokens';
import type { ZipEntry } from '../zip/read-central-directory.js';
import { readZipEntry } from '../zip/read-zip-entry.js';

/** One file's exact figures: lines as credits are priced, tokens of its text. */
export interface FileCount {
  /** The file's index in the archive listing (and in the explorer's tree). */
  file: number;
  lines: number;
  tokens: number;
  /** Set when the entry could not be read; lines and tokens are then 0. */
  error?: string;
}

export interface CountJob {
  file: number;
  entry: ZipEntry;
}

/** Entries inflated at once: enough to keep the tokenizer busy while the next one inflates. */
const IN_FLIGHT = 4;

const decoder = new TextDecoder('utf-8');

/** A NUL byte in the text marks a binary file: the engine skips it, so it has no tokens. */
function isBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, 8000).includes(0);
}

/** Counts one entry. Tokens are those of the file's text as UTF-8 (what the engine decodes). */
export async function countEntry(
  blob: Blob,
  job: CountJob,
  counter: TokenCounter,
): Promise<FileCount> {
  try {
    const { bytes } = await readZipEntry(blob, job.entry);
    const lines = countLinesInBytes(bytes);
    const tokens = isBinary(bytes) ? 0 : counter.count(decoder.decode(bytes));
    return { file: job.file, lines, tokens };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { file: job.file, lines: 0, tokens: 0, error: message };
  }
}

/**
 * Counts every job's entry, a few inflating at a time, handing each result to `onCount` as soon
 * as it is known. Stops early when `cancelled()` turns true.
 */
export async function countEntries(
  blob: Blob,
  jobs: readonly CountJob[],
  counter: TokenCounter,
  onCount: (count: FileCount) => void,
  cancelled: () => boolean = () => false,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < jobs.length && !cancelled()) {
      const job = jobs[next++]!;
      onCount(await countEntry(blob, job, counter));
    }
  };
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, jobs.length) }, lane));
}
