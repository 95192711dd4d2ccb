import type { ModelFit } from '../model-fit.js';
import { describeFit, describeModelTokens } from '../model-fit.js';
import { formatChunkList, formatOptionValue, toPieceRange } from './overview-model.js';
import type { OverviewModel } from './overview-model.js';
import { formatGitDiffs, formatGitLog } from './git-sections.js';
import { inlineText, pieceSummary } from './labels.js';
import { budgetListingSections, compactChunksSection } from './budget-listing.js';

export type OverviewSection =
  | {
      readonly title: string;
      readonly kind: 'fields';
      readonly fields: readonly [string, string][];
    }
  | {
      readonly title: string;
      readonly kind: 'table';
      readonly columns: readonly string[];
      /** Which columns hold numbers (right-aligned in md). */
      readonly numeric: readonly boolean[];
      readonly rows: readonly (readonly string[])[];
    }
  | { readonly title: string; readonly kind: 'text'; readonly text: string };

export interface OverviewDocument {
  readonly title: string;
  readonly subtitle: string;
  readonly sections: readonly OverviewSection[];
}

function countsText(counts: Readonly<Record<string, number>>): string {
  const text = Object.entries(counts)
    .map(([type, count]) => `${type} ${count}`)
    .join(', ');
  return text === '' ? 'none' : text;
}

/**
 * Likely secrets: found whether or not redaction ran. Totals, whether the content was changed
 * (and how to change it), the private key warning, and the rows per file.
 */
function secretSections(model: OverviewModel, path: (text: string) => string): OverviewSection[] {
  const secrets = model.secrets;
  const content = secrets.redacted
    ? 'redacted ([REDACTED:<type>] markers)'
    : (secrets.hint ?? 'unchanged');
  const fields: [string, string][] = [
    ['Files with likely secrets', String(secrets.files)],
    ['Found', countsText(secrets.found)],
    ['Low confidence', countsText(secrets.low_confidence)],
    ['Content', content],
  ];
  if (secrets.private_key_files.length > 0)
    fields.push([
      'Warning',
      `private key in ${secrets.private_key_files.map((file) => inlineText(file)).join(', ')}`,
    ]);
  return [
    { title: 'Likely secrets', kind: 'fields', fields },
    {
      title: 'Likely secrets by file',
      kind: 'table',
      columns: ['Path', 'Type', 'Confidence', 'Count'],
      numeric: [false, false, false, true],
      rows: secrets.entries.map((entry) => [
        path(entry.path),
        inlineText(entry.type),
        entry.confidence,
        String(entry.count),
      ]),
    },
  ];
}

/** The git diffs and log, each a text section whose title gives its token count. */
function gitSections(git: OverviewModel['git']): OverviewSection[] {
  if (!git) return [];
  const sections: OverviewSection[] = [];
  if (git.diffs) {
    const diffs = { staged: git.diffs.staged, workingTree: git.diffs.working_tree };
    sections.push({ title: 'Git diffs', kind: 'text', text: formatGitDiffs(diffs) });
  }
  if (git.logs) {
    const title = `Git log (last ${git.logs.length} commit${git.logs.length === 1 ? '' : 's'})`;
    sections.push({ title, kind: 'text', text: formatGitLog(git.logs) });
  }
  return sections;
}

/**
 * The overview laid out for the line-oriented formats (md, txt and custom's default): the same
 * sections in the same order, so the two stay in step. Every cell is one line of text; `name`
 * formats paths and file names (md makes them code spans, so `__init__.py` is not bold).
 */
/** The target model's rows: its tokens for the output (chunks as rendered) and the fit. */
function modelFields(fit: ModelFit): [string, string][] {
  return [
    ['Target model', `${fit.name} (${fit.id}), tokenizer ${fit.tokenizer}`],
    ['Model tokens', fit.exact ? String(fit.tokens) : describeModelTokens(fit)],
    ['Context window', String(fit.context_window)],
    ['Fit', describeFit(fit)],
  ];
}

/** The budget's rows: how many tokens the whole bundle may use, and where that figure came from. */
function budgetFields(budget: NonNullable<OverviewModel['budget']>): [string, string][] {
  const origin =
    budget.source === 'fit_to_model'
      ? `the model's window minus ${budget.reserve ?? 0} tokens kept free`
      : 'as given';
  return [
    [
      'Token budget',
      `${budget.tokens} (${origin}); this overview and every chunk count against it`,
    ],
  ];
}

/** The files table. */
function filesSection(model: OverviewModel, path: (text: string) => string): OverviewSection {
  return {
    title: 'Files',
    kind: 'table',
    columns: ['Path', 'Language', 'Lines', 'Tokens', 'Chunks'],
    numeric: [false, false, true, true, false],
    rows: model.files.map((file) => [
      path(file.path),
      inlineText(file.language),
      String(file.lines),
      String(file.tokens),
      formatChunkList(file.chunks),
    ]),
  };
}

/** The chunk index: each chunk's file, tokens and every piece with its line range. */
function chunksSection(model: OverviewModel, path: (text: string) => string): OverviewSection {
  return {
    title: 'Chunks',
    kind: 'table',
    columns: ['Chunk', 'File', 'Tokens', 'Contents'],
    numeric: [true, false, true, false],
    rows: model.chunks.map((chunk) => [
      String(chunk.index),
      path(chunk.file),
      String(chunk.tokens),
      chunk.pieces
        .map((piece) => `${path(piece.path)} (${pieceSummary(toPieceRange(piece))})`)
        .join('; '),
    ]),
  };
}

/**
 * With a budget: the level legend and the file tree (see budget-listing.ts), then why files have
 * their levels, one row per shared reason. A row without paths covers every other file with that
 * level's tag.
 */
function levelSections(model: OverviewModel, path: (text: string) => string): OverviewSection[] {
  if (!model.level_tags || !model.level_reasons) return [];
  return [
    ...budgetListingSections(model),
    {
      title: 'Level reasons',
      kind: 'table',
      columns: ['Level', 'Files', 'Reason'],
      numeric: [false, false, false],
      rows: model.level_reasons.map((group) => [
        group.level,
        group.paths
          ? group.paths.map((file) => path(file)).join(', ')
          : `${group.files}, all others tagged ${tagOf(model.level_tags, group.level)}`,
        inlineText(group.reason),
      ]),
    },
  ];
}

function tagOf(tags: OverviewModel['level_tags'], level: string): string {
  return Object.entries(tags ?? {}).find(([, tagged]) => tagged === level)?.[0] ?? level;
}

export function buildOverviewDocument(
  model: OverviewModel,
  name: (text: string) => string = (text) => text,
): OverviewDocument {
  const path = (text: string) => name(inlineText(text));
  const stats = model.statistics;
  // With a budget the overview's own tokens count against it: files listed once, compactly.
  const isBudgeted = model.level_tags !== undefined && model.level_reasons !== undefined;
  const sections: OverviewSection[] = [
    ...(model.header_text
      ? [{ title: 'Header', kind: 'text' as const, text: model.header_text }]
      : []),
    ...(model.instruction
      ? [{ title: 'Instructions', kind: 'text' as const, text: model.instruction }]
      : []),
    {
      title: 'Statistics',
      kind: 'fields',
      fields: [
        ['Files', String(stats.files)],
        ['Skipped files', String(stats.skipped_files)],
        ['Lines', String(stats.lines)],
        ['Tokens', String(stats.tokens)],
        ['Chunks', String(stats.chunks)],
        ['Bytes', String(stats.bytes)],
        ...(model.git
          ? [['Git context tokens', String(model.git.tokens)] as [string, string]]
          : []),
        ...(model.model ? modelFields(model.model) : []),
        ...(model.budget ? budgetFields(model.budget) : []),
      ],
    },
    {
      title: 'Options',
      kind: 'fields',
      fields: Object.entries(model.options).map(([name, value]) => [
        name,
        inlineText(formatOptionValue(value)),
      ]),
    },
    ...(isBudgeted
      ? [...levelSections(model, path), compactChunksSection(model, path)]
      : [
          { title: 'Directory tree', kind: 'text' as const, text: model.tree },
          filesSection(model, path),
          chunksSection(model, path),
        ]),
    {
      title: 'Skipped files',
      kind: 'table',
      columns: ['Path', 'Reason'],
      numeric: [false, false],
      rows: model.skipped.map((file) => [path(file.path), inlineText(file.description)]),
    },
    ...secretSections(model, path),
    {
      title: 'Redactions',
      kind: 'table',
      columns: ['Path', 'Type', 'Count'],
      numeric: [false, false, true],
      rows: model.redactions.map((entry) => [
        path(entry.path),
        inlineText(entry.type),
        String(entry.count),
      ]),
    },
    {
      title: 'Notes',
      kind: 'table',
      columns: ['Path', 'Note'],
      numeric: [false, false],
      rows: model.notes.map((entry) => [path(entry.path), inlineText(entry.note)]),
    },
    ...gitSections(model.git),
  ];
  return {
    title: `Overview: ${inlineText(model.source.name)}`,
    subtitle: `Source: ${inlineText(model.source.name)} (${inlineText(model.source.kind)}), generated ${inlineText(model.generated_at)}`,
    sections,
  };
}
