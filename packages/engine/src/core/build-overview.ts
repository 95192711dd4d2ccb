import type { ResolvedOptions } from '../config/options.js';
import type { ModelFit } from './model-fit.js';
import type { LevelGroup } from './budget/level-groups.js';
import type { Overview, OverviewBudget } from './render/renderer.js';
import { LEVEL_TAGS, renderTree } from './render/index.js';
import { describeSkipReason } from './select/index.js';
import type { SecretReport } from './transform/secrets/secret-report.js';
import type { GitContext, ProcessedFile, RenderedChunk, SkippedFile } from './types.js';

export interface OverviewInput {
  readonly source: { readonly name: string; readonly kind: string };
  readonly options: ResolvedOptions;
  readonly files: readonly ProcessedFile[];
  readonly skipped: readonly SkippedFile[];
  readonly chunks: readonly RenderedChunk[];
  readonly generatedAt: Date;
  readonly secrets: SecretReport;
  readonly git?: GitContext & { readonly tokens: number };
  /** Notes about the whole source (not one file), listed under the path ".". */
  readonly sourceNotes?: readonly string[];
  /** The output's size for the target model, when one is named. */
  readonly model?: ModelFit;
  /** The token budget the bundle was packed to, when one was set. */
  readonly budget?: OverviewBudget;
  /** Why files have their levels, when packing to a budget. */
  readonly levelGroups?: readonly LevelGroup[];
}

/** Gathers what the overview file shows; renderers only lay it out. */
export function buildOverview(input: OverviewInput): Overview {
  const chunksOfFile = new Map<string, number[]>();
  for (const chunk of input.chunks) {
    for (const piece of chunk.pieces) {
      const list = chunksOfFile.get(piece.path) ?? [];
      if (list[list.length - 1] !== chunk.index) list.push(chunk.index);
      chunksOfFile.set(piece.path, list);
    }
  }
  const redactions = input.files.flatMap((file) =>
    Object.entries(file.redactions ?? {}).map(([type, count]) => ({
      path: file.path,
      type,
      count,
    })),
  );
  let lines = 0;
  let tokens = 0;
  let bytes = 0;
  for (const file of input.files) {
    lines += file.lines;
    tokens += file.tokens;
    bytes += file.originalBytes;
  }
  return {
    source: input.source,
    generatedAt: input.generatedAt.toISOString(),
    options: input.options,
    statistics: {
      files: input.files.length,
      skippedFiles: input.skipped.length,
      lines,
      tokens,
      chunks: input.chunks.length,
      bytes,
    },
    tree: renderTree(
      input.files.map((file) => file.path),
      input.levelGroups && levelTags(input.files),
    ),
    files: input.files.map((file) => ({
      path: file.path,
      language: file.language,
      lines: file.lines,
      tokens: file.tokens,
      chunks: chunksOfFile.get(file.path) ?? [],
      ...(file.level !== undefined && { level: file.level }),
    })),
    chunks: input.chunks.map((chunk) => ({
      index: chunk.index,
      fileName: chunk.fileName,
      tokens: chunk.tokens,
      pieces: chunk.pieces.map((piece) => ({
        path: piece.path,
        startLine: piece.startLine,
        endLine: piece.endLine,
        part: piece.part,
        partCount: piece.partCount,
      })),
    })),
    skipped: input.skipped.map((skip) => ({
      ...skip,
      description: describeSkipReason(skip.reason),
    })),
    redactions,
    secrets: input.secrets,
    notes: [
      ...(input.sourceNotes ?? []).map((note) => ({ path: '.', note })),
      ...input.files.flatMap((file) => file.notes.map((note) => ({ path: file.path, note }))),
    ],
    ...(input.git && { git: input.git }),
    ...(input.model && { model: input.model }),
    ...(input.budget && { budget: input.budget }),
    ...(input.levelGroups && { levelGroups: input.levelGroups }),
  };
}

/** Each file's one-character level tag, for the directory tree. */
function levelTags(files: readonly ProcessedFile[]): Map<string, string> {
  return new Map(files.map((file) => [file.path, LEVEL_TAGS[file.level ?? 'full']]));
}
