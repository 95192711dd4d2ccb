import type { FileStageOptions } from '../../config/options.js';
import type { SyntaxParser } from '../syntax/parser.js';
import type { SkipReason } from '../types.js';

/** What a transform may read and report about the file it works on. */
export interface TransformContext {
  /**
   * The file's name, without its folders: a file's result depends on its name and bytes only, so
   * copies of a file in other folders share one result (see io/result-cache.ts).
   */
  readonly name: string;
  readonly language: string;
  readonly options: FileStageOptions;
  /** Notes for the job's per-file report ("comments kept: the result did not parse"). */
  note(message: string): void;
  /** Counts one redaction of a credential type (never the secret itself). */
  countRedaction(type: string): void;
  /** Counts one likely secret found, redacted or not (never the secret itself). */
  countSecret?(type: string, confidence: 'high' | 'low'): void;
  /**
   * Replaces the file's language for the later steps and the output (a notebook becomes the
   * kernel's language); `language` above reads the new value afterwards.
   */
  setLanguage?(language: string): void;
  /** Parses with the shipped grammars (comment removal); absent where no parser is wired. */
  readonly parser?: SyntaxParser;
}

/**
 * Thrown by a transform when the file cannot go into the bundle for a reason of its own (an
 * invalid notebook): processFile reports it with that reason instead of `processing-failed`.
 */
export class SkipFileError extends Error {
  readonly reason: SkipReason;

  constructor(reason: SkipReason, message: string) {
    super(message);
    this.name = 'SkipFileError';
    this.reason = reason;
  }
}

/**
 * One step of the transform stage. Steps run in list order (see transform-pipeline.ts);
 * a step that does not apply to the options is skipped. Returning the input unchanged is fine.
 */
export interface Transform {
  readonly name: string;
  isEnabled(options: FileStageOptions): boolean;
  apply(text: string, context: TransformContext): string | Promise<string>;
}
