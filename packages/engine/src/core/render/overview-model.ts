import type { ResolvedOptions } from '../../config/options.js';
import type { Overview } from './renderer.js';
import { preambleOf } from './preamble.js';
import type { PackLevel } from '@repobundle/contract/models';
import { PACK_LEVELS } from '@repobundle/contract/models';
import { LEVEL_TAGS } from './tree.js';
import type { ModelFit } from '../model-fit.js';

export type OptionValue = string | number | boolean | readonly string[];

export interface PieceRef {
  readonly path: string;
  readonly start_line: number;
  readonly end_line: number;
  readonly part: number;
  readonly part_count: number;
}

/**
 * The overview as plain data with the job's snake_case field names: what json and yaml print as
 * is, and what xml, csv, md and txt lay out. One shape for every format keeps them in step.
 */
export interface OverviewModel {
  readonly source: { readonly name: string; readonly kind: string };
  readonly generated_at: string;
  readonly header_text?: string;
  readonly instruction?: string;
  readonly options: Readonly<Record<string, OptionValue>>;
  readonly statistics: {
    readonly files: number;
    readonly skipped_files: number;
    readonly lines: number;
    readonly tokens: number;
    readonly chunks: number;
    readonly bytes: number;
  };
  readonly tree: string;
  readonly files: readonly {
    readonly path: string;
    readonly language: string;
    readonly lines: number;
    readonly tokens: number;
    readonly chunks: readonly number[];
    /** Present only when packing to a budget. */
    readonly level?: PackLevel;
  }[];
  /**
   * Present only when packing to a budget: the tag the tree puts before each file's name, and
   * why files have their levels, one entry per shared reason (`paths` names the files of an
   * entry, except the one entry per level that holds every other file of that level).
   */
  readonly level_tags?: Readonly<Record<string, PackLevel>>;
  readonly level_reasons?: readonly {
    readonly level: PackLevel;
    readonly files: number;
    readonly reason: string;
    readonly paths?: readonly string[];
  }[];
  readonly chunks: readonly {
    readonly index: number;
    readonly file: string;
    readonly tokens: number;
    readonly pieces: readonly PieceRef[];
  }[];
  readonly skipped: readonly {
    readonly path: string;
    readonly reason: string;
    readonly description: string;
  }[];
  readonly redactions: readonly {
    readonly path: string;
    readonly type: string;
    readonly count: number;
  }[];
  readonly secrets: {
    readonly redacted: boolean;
    readonly files: number;
    readonly found: Readonly<Record<string, number>>;
    readonly low_confidence: Readonly<Record<string, number>>;
    readonly entries: readonly {
      readonly path: string;
      readonly type: string;
      readonly confidence: 'high' | 'low';
      readonly count: number;
    }[];
    readonly private_key_files: readonly string[];
    readonly hint: string | null;
  };
  readonly notes: readonly { readonly path: string; readonly note: string }[];
  /** Present only with a target model: the output's tokens for it and whether they fit. */
  readonly model?: ModelFit;
  /** Present only when packing to a token budget. */
  readonly budget?: {
    readonly tokens: number;
    readonly source: 'token_budget' | 'fit_to_model';
    readonly reserve?: number;
  };
  /** Present only when git context was asked for and found (--include-diffs, --include-logs). */
  readonly git?: {
    readonly tokens: number;
    readonly diffs?: { readonly staged: string; readonly working_tree: string };
    readonly logs?: readonly {
      readonly hash: string;
      readonly date: string;
      readonly author: string;
      readonly message: string;
      readonly files: readonly string[];
    }[];
  };
}

function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/**
 * Options as the overview shows them. The template is summarised by its size and an explicit
 * selection by its count: either can be large, and the overview is for reading. Custom secret
 * patterns are only counted.
 */
export function describeOptions(options: ResolvedOptions): Record<string, OptionValue> {
  const described: Record<string, OptionValue> = {};
  for (const [name, value] of Object.entries(options) as [string, unknown][]) {
    if (value === undefined) continue;
    // Budget settings that are off say nothing; left out, an overview without a budget is as before.
    if (name === 'fitToModel' && value === false) continue;
    if (name === 'keepPatterns' && Array.isArray(value) && value.length === 0) continue;
    if (name === 'template') {
      described.template = `${String(value).length} characters`;
    } else if (name === 'customSecretPatterns') {
      // A pattern may spell out the very secret it hunts: count them, never print them.
      described.custom_secret_patterns = Array.isArray(value) ? `${value.length} patterns` : '0';
    } else if (name === 'headerText' || name === 'instructionText') {
      // Shown in full at the top of the overview; here only its size.
      described[snakeCase(name)] = `${String(value).length} characters`;
    } else if (name === 'selectedPaths') {
      described.selected_paths = Array.isArray(value) ? `${value.length} paths` : 'all';
    } else if (
      typeof value === 'string' ||
      typeof value === 'number' ||
      typeof value === 'boolean'
    ) {
      described[snakeCase(name)] = value;
    } else if (Array.isArray(value)) {
      described[snakeCase(name)] = value.map(String);
    }
  }
  if (!('selected_paths' in described)) described.selected_paths = 'all';
  return described;
}

export function toOverviewModel(overview: Overview): OverviewModel {
  const stats = overview.statistics;
  return {
    source: { name: overview.source.name, kind: overview.source.kind },
    generated_at: overview.generatedAt,
    ...preambleOf(overview.options),
    options: describeOptions(overview.options),
    statistics: {
      files: stats.files,
      skipped_files: stats.skippedFiles,
      lines: stats.lines,
      tokens: stats.tokens,
      chunks: stats.chunks,
      bytes: stats.bytes,
    },
    tree: overview.tree,
    files: overview.files.map((file) => ({
      path: file.path,
      language: file.language,
      lines: file.lines,
      tokens: file.tokens,
      chunks: [...file.chunks],
      ...(file.level !== undefined && { level: file.level }),
    })),
    ...(overview.levelGroups && {
      level_tags: Object.fromEntries(PACK_LEVELS.map((level) => [LEVEL_TAGS[level], level])),
      level_reasons: overview.levelGroups.map((group) => ({
        ...group,
        ...(group.paths && { paths: [...group.paths] }),
      })),
    }),
    chunks: overview.chunks.map((chunk) => ({
      index: chunk.index,
      file: chunk.fileName,
      tokens: chunk.tokens,
      pieces: chunk.pieces.map((piece) => ({
        path: piece.path,
        start_line: piece.startLine,
        end_line: piece.endLine,
        part: piece.part,
        part_count: piece.partCount,
      })),
    })),
    skipped: overview.skipped.map((file) => ({
      path: file.path,
      reason: file.reason.kind,
      description: file.description,
    })),
    redactions: overview.redactions.map((entry) => ({ ...entry })),
    secrets: {
      redacted: overview.secrets.redacted,
      files: overview.secrets.files,
      found: { ...overview.secrets.found },
      low_confidence: { ...overview.secrets.lowConfidence },
      entries: overview.secrets.entries.map((entry) => ({ ...entry })),
      private_key_files: [...overview.secrets.privateKeyFiles],
      hint: overview.secrets.hint,
    },
    notes: overview.notes.map((entry) => ({ ...entry })),
    ...(overview.model && { model: { ...overview.model } }),
    ...(overview.budget && { budget: { ...overview.budget } }),
    ...(overview.git && { git: toGitModel(overview.git) }),
  };
}

function toGitModel(git: NonNullable<Overview['git']>): NonNullable<OverviewModel['git']> {
  return {
    tokens: git.tokens,
    ...(git.diffs && {
      diffs: { staged: git.diffs.staged, working_tree: git.diffs.workingTree },
    }),
    ...(git.logs && {
      logs: git.logs.map((commit) => ({ ...commit, files: [...commit.files] })),
    }),
  };
}

/** A piece reference back in the engine's shape, for the shared labels (`pieceSummary`). */
export function toPieceRange(piece: PieceRef) {
  return {
    startLine: piece.start_line,
    endLine: piece.end_line,
    part: piece.part,
    partCount: piece.part_count,
  };
}

/** An option value on one line, for md, txt, csv and xml. */
export function formatOptionValue(value: OptionValue): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return value.length === 0 ? '(none)' : value.join(', ');
}

/** "1, 2, 3" → "1-3": compact chunk lists for the files table. */
export function formatChunkList(chunks: readonly number[]): string {
  const ranges: string[] = [];
  let start: number | undefined;
  let previous: number | undefined;
  for (const index of chunks) {
    if (start !== undefined && previous !== undefined && index === previous + 1) {
      previous = index;
      continue;
    }
    if (start !== undefined) ranges.push(start === previous ? `${start}` : `${start}-${previous}`);
    start = index;
    previous = index;
  }
  if (start !== undefined) ranges.push(start === previous ? `${start}` : `${start}-${previous}`);
  return ranges.join(', ');
}
