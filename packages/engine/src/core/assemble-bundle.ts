import type { PackLevel } from '@repobundle/contract/models';
import type { ResolvedOptions } from '../config/options.js';
import type { ChunkingAnalytics } from './analyze/index.js';
import { analyzeChunks } from './analyze/index.js';
import { buildOverview } from './build-overview.js';
import { chunkFiles } from './chunk/index.js';
import type { CountTexts, LinePriceMemo, WrapperMeasures } from './chunk/index.js';
import { gitContextText } from './render/git-sections.js';
import type { ModelFit } from './model-fit.js';
import { fitModel } from './model-fit.js';
import { getRenderer } from './render/index.js';
import type { Overview, OverviewBudget } from './render/renderer.js';
import type { LevelGroup } from './budget/level-groups.js';
import type { TokenCounter } from './tokens/token-counter.js';
import { summarizeSecrets } from './transform/secrets/secret-report.js';
import type { SecretReport } from './transform/secrets/secret-report.js';
import type { GitContext, ProcessedFile, RenderedChunk, SkippedFile } from './types.js';

export interface BundleStatistics {
  readonly files: number;
  readonly skippedFiles: number;
  /** Skipped files counted by reason kind (`binary`, `gitignored`, ...). */
  readonly skippedByReason: Readonly<Record<string, number>>;
  readonly lines: number;
  /** Sum of the included files' own token counts. */
  readonly tokens: number;
  readonly chunks: number;
  /**
   * Sum of the chunk files' token counts as rendered, plus the git context's in the overview
   * (what a model would read).
   */
  readonly outputTokens: number;
  /** Tokens of the git diffs and log in the overview; 0 without them. */
  readonly gitContextTokens: number;
  readonly bytes: number;
}

/**
 * How a budgeted bundle was packed (`--json` prints it as `budget`). Counts are of the tokenizer
 * the run counts with; for a model whose tokenizer is not public, `counted_limit` is the count
 * whose estimate stays within `tokens` at the top of its error band.
 */
export interface BudgetReport {
  /** The budget, in the target model's tokens. */
  readonly tokens: number;
  /** Tokens of every output file as written: the overview and each chunk. */
  readonly used: number;
  readonly counted_limit: number;
  readonly source: 'token_budget' | 'fit_to_model';
  readonly reserve_tokens?: number;
  /**
   * Tokens the last degradation step saved: the bundle one step less cut down was over the
   * budget, so `used > counted_limit - step_tokens`. 0 when every file is whole.
   */
  readonly step_tokens: number;
  /** How many files are at each level. */
  readonly levels: Readonly<Record<PackLevel, number>>;
  /** Bundles rendered and counted to find the levels. */
  readonly measurements: number;
}

/** A file as a bundle's summary reports it. */
export type FileFacts = Pick<ProcessedFile, 'path' | 'tokens' | 'level' | 'levelReason' | 'notes'>;

/** A chunk as it is written out. */
export interface OutputChunk {
  readonly index: number;
  readonly fileName: string;
  readonly tokens: number;
  readonly text: string;
  /** The text in parts whose concatenation is `text`, for writing without joining it. */
  textParts(): readonly string[];
  /**
   * Where an earlier run left this chunk's exact bytes (see io/kept-bundles.ts): the writer
   * copies them instead of encoding the text.
   */
  readonly keptBytes?: KeptBytes;
}

/** A range of an open file holding a chunk's bytes as written. */
export interface KeptBytes {
  readonly fd: number;
  readonly offset: number;
  readonly length: number;
}

/** What is written and reported of a bundle: all a caller needs once it is made. */
export interface BundleOutput {
  readonly overview: { readonly fileName: string; readonly text: string };
  readonly chunks: readonly OutputChunk[];
  readonly files: readonly FileFacts[];
  readonly skipped: readonly SkippedFile[];
  readonly notes: readonly string[];
  readonly statistics: BundleStatistics;
  /** Likely secrets by type and file (detection always runs), and whether they were redacted. */
  readonly secrets: SecretReport;
  /** The output's size for the target model and whether it fits; absent without one. */
  readonly model?: ModelFit;
  /** Present when packed to a token budget. */
  readonly budget?: BudgetReport;
}

export interface Bundle extends BundleOutput {
  /** `model`: what the overview shows, from which `text` was rendered. */
  readonly overview: { readonly fileName: string; readonly text: string; readonly model: Overview };
  readonly chunks: readonly RenderedChunk[];
  readonly analytics: ChunkingAnalytics;
  readonly files: readonly ProcessedFile[];
}

export interface AssembleInput {
  readonly source: { readonly name: string; readonly kind: string };
  readonly options: ResolvedOptions;
  /** In output order (source order). */
  readonly files: readonly ProcessedFile[];
  readonly skipped: readonly SkippedFile[];
  readonly counter: TokenCounter;
  /** Counts rendered chunks, e.g. on worker threads; defaults to `counter` on this thread. */
  readonly countTexts?: CountTexts;
  /** Line prices kept from earlier runs, for a format that escapes content. */
  readonly linePrices?: LinePriceMemo;
  /**
   * Wrapper measures made while the files arrived (see WrapperMeasures), for this source name,
   * these options and `counter`; their renderer is the job's.
   */
  readonly wrappers?: WrapperMeasures;
  readonly generatedAt?: Date;
  /** Diffs and log shown in the overview (--include-diffs, --include-logs). */
  readonly git?: GitContext;
  /** Notes about the whole source, shown in the summary and the overview's notes. */
  readonly sourceNotes?: readonly string[];
  /** The token budget the files' levels were chosen for, stated in the overview. */
  readonly budget?: OverviewBudget;
  /** Why files have their levels (with a budget): the overview states it. */
  readonly levelGroups?: readonly LevelGroup[];
}

/** Chunk, render and analyze processed files: steps 5 to 7 of the pipeline, pure. */
export async function assembleBundle(input: AssembleInput): Promise<Bundle> {
  const { options, files, skipped } = input;
  const renderer =
    input.wrappers?.renderer ?? getRenderer(options.outputFormat, { template: options.template });
  // A file cut down to its path is listed in the overview, never written into a chunk.
  const written = files.filter((file) => file.level !== 'path_only');
  const { chunks, notes, costModel } = await chunkFiles(written, options, renderer, input.counter, {
    sourceName: input.source.name,
    ...(input.countTexts && { countTexts: input.countTexts }),
    ...(input.linePrices && { linePrices: input.linePrices }),
    ...(input.wrappers && { wrappers: input.wrappers }),
  });
  const secrets = summarizeSecrets(files, options.redactSecrets);
  const gitContextTokens = input.git ? input.counter.count(gitContextText(input.git)) : 0;
  const outputTokens = chunks.reduce((sum, chunk) => sum + chunk.tokens, gitContextTokens);
  const model =
    options.targetModel === undefined ? undefined : fitModel(options.targetModel, outputTokens);
  const overview = buildOverview({
    secrets,
    source: input.source,
    options,
    files,
    skipped,
    chunks,
    generatedAt: input.generatedAt ?? new Date(),
    ...(input.git && { git: { ...input.git, tokens: gitContextTokens } }),
    ...(input.sourceNotes && { sourceNotes: input.sourceNotes }),
    ...(model && { model }),
    ...(input.budget && { budget: input.budget }),
    ...(input.levelGroups && { levelGroups: input.levelGroups }),
  });
  const skippedByReason: Record<string, number> = {};
  for (const skip of skipped) {
    skippedByReason[skip.reason.kind] = (skippedByReason[skip.reason.kind] ?? 0) + 1;
  }
  return {
    overview: {
      fileName: `overview.${renderer.extension}`,
      text: renderer.renderOverview(overview),
      model: overview,
    },
    chunks,
    analytics: analyzeChunks(chunks, written, options, costModel),
    files,
    skipped,
    secrets,
    notes: [...(input.sourceNotes ?? []), ...notes],
    statistics: {
      ...overview.statistics,
      skippedByReason,
      outputTokens,
      gitContextTokens,
    },
    ...(model && { model }),
  };
}
