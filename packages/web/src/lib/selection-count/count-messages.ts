import type { CountJob, FileCount } from './count-entries.js';

/** The encodings the engine counts exactly; jobs from the web app use the default, o200k_base. */
export type CountEncoding = 'o200k_base' | 'cl100k_base';

export interface CountRequest {
  blob: Blob;
  jobs: CountJob[];
  encoding: CountEncoding;
}

export type CountReply =
  | { type: 'counts'; counts: FileCount[] }
  | { type: 'done'; ms: number }
  | { type: 'failed'; detail: string };
