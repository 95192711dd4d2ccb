import type { ResolvedOptions } from '../../config/options.js';

/** What a transform may read and report about the file it works on. */
export interface TransformContext {
  readonly path: string;
  readonly language: string;
  readonly options: ResolvedOptions;
  /** Notes for the job's per-file report ("comments kept: the result did not parse"). */
  note(message: string): void;
  /** Counts one redaction of a credential type (never the secret itself). */
  countRedaction(type: string): void;
}

/**
 * One step of the transform stage. Steps run in list order (see transform-pipeline.ts);
 * a step that does not apply to the options is skipped. Returning the input unchanged is fine.
 */
export interface Transform {
  readonly name: string;
  isEnabled(options: ResolvedOptions): boolean;
  apply(text: string, context: TransformContext): string | Promise<string>;
}
