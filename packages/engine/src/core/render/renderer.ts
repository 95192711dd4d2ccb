import type { PackLevel } from '@repobundle/contract/models';
import type { ModelFit } from '../model-fit.js';
import type { LevelGroup } from '../budget/level-groups.js';
import type { OutputFormat, ResolvedOptions } from '../../config/options.js';
import type { SecretReport } from '../transform/secrets/secret-report.js';
import type { Chunk, GitContext, SkippedFile } from '../types.js';
import type { PieceBodies } from './piece-bodies.js';

/** Everything the overview file shows. */
export interface Overview {
  readonly source: { readonly name: string; readonly kind: string };
  readonly generatedAt: string;
  readonly options: ResolvedOptions;
  readonly statistics: {
    readonly files: number;
    readonly skippedFiles: number;
    readonly lines: number;
    readonly tokens: number;
    readonly chunks: number;
    readonly bytes: number;
  };
  /** Directory tree of the included files, one entry per line, two spaces per level. */
  readonly tree: string;
  readonly files: readonly {
    readonly path: string;
    readonly language: string;
    readonly lines: number;
    readonly tokens: number;
    /** 1-based chunk indexes this file appears in. */
    readonly chunks: readonly number[];
    /** When packing to a budget: how much of the file the bundle keeps. */
    readonly level?: PackLevel;
  }[];
  /** When packing to a budget: why files have their levels, grouped by shared reason. */
  readonly levelGroups?: readonly LevelGroup[];
  readonly chunks: readonly {
    readonly index: number;
    readonly fileName: string;
    readonly tokens: number;
    readonly pieces: readonly {
      readonly path: string;
      readonly startLine: number;
      readonly endLine: number;
      readonly part: number;
      readonly partCount: number;
    }[];
  }[];
  readonly skipped: readonly (SkippedFile & { readonly description: string })[];
  readonly redactions: readonly {
    readonly path: string;
    readonly type: string;
    readonly count: number;
  }[];
  /** Likely secrets, found whether or not redaction ran. */
  readonly secrets: SecretReport;
  /** Files where a requested step could not apply, each with its reason. */
  readonly notes: readonly { readonly path: string; readonly note: string }[];
  /** Diffs and log of a git work tree, when asked for; `tokens` counts their text. */
  readonly git?: GitContext & { readonly tokens: number };
  /** The output's size for the target model and whether it fits, when one is named. */
  readonly model?: ModelFit;
  /** The token budget the whole bundle was packed to, when one was set. */
  readonly budget?: OverviewBudget;
}

/** The budget as the overview states it (its own size counts against it, so no figure of use). */
export interface OverviewBudget {
  readonly tokens: number;
  readonly source: 'token_budget' | 'fit_to_model';
  readonly reserve?: number;
}

export interface ChunkRenderContext {
  readonly sourceName: string;
  readonly totalChunks: number;
  readonly options: ResolvedOptions;
  /** Bodies kept while the chunk stage renders the same pieces again (see PieceBodies). */
  readonly bodies?: PieceBodies;
}

/** One output format. Renderers are pure and synchronous: text in, text out. */
export interface FormatRenderer {
  readonly format: OutputFormat;
  /** File extension without the dot (`md`, `txt`, ...). */
  readonly extension: string;
  renderChunk(chunk: Chunk, context: ChunkRenderContext): string;
  /**
   * The chunk as alternating segments (wrapper, body of piece 1, wrapper, ..., wrapper) whose
   * concatenation is `renderChunk`'s text. A body is the piece's content as the format writes it:
   * the content itself where the format embeds it verbatim, so that the chunk stage adds the
   * files' own token counts instead of counting their text again; escaped otherwise, so that a
   * chunk renumbered is compared and recounted by its wrappers, and written without joining it.
   */
  renderChunkSegments?(chunk: Chunk, context: ChunkRenderContext): string[];
  renderOverview(overview: Overview): string;
  /**
   * How one line of file content (without its newline) is written inside a chunk in this format,
   * for token budgets. Identity for formats that embed content verbatim (md, txt).
   */
  encodeLine(line: string): string;
  /** True when encodeLine is the identity, so the file's own token counts can be reused. */
  readonly embedsVerbatim: boolean;
}
