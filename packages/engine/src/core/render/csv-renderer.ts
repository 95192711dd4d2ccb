import type { Chunk } from '../types.js';
import { formatGitLog } from './git-sections.js';
import { pieceSummary } from './labels.js';
import type { OverviewModel } from './overview-model.js';
import {
  formatChunkList,
  formatOptionValue,
  toOverviewModel,
  toPieceRange,
} from './overview-model.js';
import { preambleOf } from './preamble.js';
import type { PieceBody } from './piece-bodies.js';
import { pieceBody } from './piece-bodies.js';
import type { ChunkRenderContext, FormatRenderer, Overview } from './renderer.js';

/** RFC 4180: a field is quoted when it holds a quote, a comma, CR or LF; quotes are doubled. */
export function csvField(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, CRLF-terminated (RFC 4180 record separator, the last record included). */
function csvRecord(fields: readonly (string | number)[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

const CHUNK_COLUMNS = [
  'source',
  'chunk',
  'chunk_count',
  'path',
  'language',
  'start_line',
  'end_line',
  'part',
  'part_count',
  'context',
  'content',
] as const;

/**
 * A chunk is a table with one record per piece (the chunk's own fields repeat on each record,
 * which costs a few tokens per file and keeps every record self-contained). `context` holds the
 * enclosing definitions joined by " > ", empty when unknown. Content is the field verbatim. The
 * header text and instructions, when set, are the first records: empty path, `context` naming
 * them (`header_text`, `instruction`), the text as content.
 */
function renderChunkSegments(chunk: Chunk, context: ChunkRenderContext): string[] {
  const chunkFields = [context.sourceName, chunk.index, context.totalChunks] as const;
  // The words for the model come first, as records whose context names them and path is empty.
  const preamble = Object.entries(preambleOf(context.options)).map(([name, text]) =>
    csvRecord([...chunkFields, '', '', '', '', '', '', name, String(text)]),
  );
  const segments: string[] = [];
  let wrapper = csvRecord(CHUNK_COLUMNS) + preamble.join('');
  for (const piece of chunk.pieces) {
    const fields = [
      ...chunkFields,
      piece.path,
      piece.language,
      piece.startLine,
      piece.endLine,
      piece.part,
      piece.partCount,
      (piece.context ?? []).join(' > '),
    ];
    // Content is the record's last field.
    segments.push(`${wrapper}${fields.map(csvField).join(',')},`);
    segments.push(pieceBody(piece, context.bodies, csvBody).text);
    wrapper = '\r\n';
  }
  segments.push(wrapper);
  return segments;
}

const csvBody = (content: string): PieceBody => ({ text: csvField(content) });

function renderChunk(chunk: Chunk, context: ChunkRenderContext): string {
  return renderChunkSegments(chunk, context).join('');
}

type OverviewRow = (section: string, fields: Partial<Record<string, string | number>>) => string;

/** Likely secrets: totals, per type (and low confidence), per file, the hint and key files. */
function secretRows(secrets: OverviewModel['secrets'], row: OverviewRow): string[] {
  return [
    row('secrets', { name: 'redacted', value: String(secrets.redacted) }),
    row('secrets', { name: 'files', count: secrets.files }),
    ...(secrets.hint === null ? [] : [row('secrets', { name: 'hint', value: secrets.hint })]),
    ...Object.entries(secrets.found).map(([type, count]) =>
      row('secret_found', { name: type, count }),
    ),
    ...Object.entries(secrets.low_confidence).map(([type, count]) =>
      row('secret_low_confidence', { name: type, count }),
    ),
    ...secrets.entries.map((entry) =>
      row('secret', {
        name: entry.path,
        value: `${entry.type} (${entry.confidence})`,
        count: entry.count,
      }),
    ),
    ...secrets.private_key_files.map((path) => row('private_key', { name: path })),
  ];
}

const OVERVIEW_COLUMNS = [
  'section',
  'name',
  'value',
  'language',
  'lines',
  'tokens',
  'chunks',
  'count',
];

/**
 * The overview as one table of sections: every record says which section it belongs to and uses
 * the columns that section needs (README.md lists them); the others stay empty.
 */
function renderOverview(overview: Overview): string {
  const model = toOverviewModel(overview);
  const row = (section: string, fields: Partial<Record<string, string | number>>) =>
    csvRecord([section, ...OVERVIEW_COLUMNS.slice(1).map((column) => fields[column] ?? '')]);
  const stats = Object.entries(model.statistics).map(([name, value]) =>
    row('statistic', { name, value }),
  );
  const options = Object.entries(model.options).map(([name, value]) =>
    row('option', { name, value: formatOptionValue(value) }),
  );
  const targetModel = Object.entries(model.model ?? {}).map(([name, value]) =>
    row('model', { name, value: value === null ? '' : String(value) }),
  );
  const files = model.files.map((file) =>
    row('file', {
      name: file.path,
      language: file.language,
      lines: file.lines,
      tokens: file.tokens,
      chunks: formatChunkList(file.chunks),
      // With a budget: the level in `value`; `level_reason` records say why.
      ...(file.level !== undefined && { value: file.level }),
    }),
  );
  const budget = Object.entries(model.budget ?? {}).map(([name, value]) =>
    row('budget', { name, value: String(value) }),
  );
  // A shared reason is one record (`name` the level, `count` its files); a file with a reason of
  // its own gets a record (`name` its path, `value` "level: reason"), so each cell is one value.
  const levelReasons = (model.level_reasons ?? []).flatMap((group) =>
    group.paths
      ? group.paths.map((path) =>
          row('level_reason', { name: path, value: `${group.level}: ${group.reason}`, count: 1 }),
        )
      : [row('level_reason', { name: group.level, value: group.reason, count: group.files })],
  );
  const chunks = model.chunks.map((chunk) =>
    row('chunk', {
      name: chunk.file,
      value: chunk.pieces
        .map((piece) => `${piece.path} (${pieceSummary(toPieceRange(piece))})`)
        .join('; '),
      tokens: chunk.tokens,
      chunks: chunk.index,
    }),
  );
  return [
    csvRecord(OVERVIEW_COLUMNS),
    row('source', { name: model.source.name, value: model.source.kind }),
    row('generated_at', { value: model.generated_at }),
    ...Object.entries(
      preambleOf({ headerText: model.header_text, instructionText: model.instruction }),
    ).map(([name, text]) => row(name, { value: String(text) })),
    ...stats,
    ...budget,
    ...targetModel,
    ...options,
    row('tree', { value: model.tree }),
    ...Object.entries(model.level_tags ?? {}).map(([tag, level]) =>
      row('level_tag', { name: tag, value: level }),
    ),
    ...levelReasons,
    ...files,
    ...chunks,
    ...model.skipped.map((file) => row('skipped', { name: file.path, value: file.description })),
    ...model.redactions.map((entry) =>
      row('redaction', { name: entry.path, value: entry.type, count: entry.count }),
    ),
    ...secretRows(model.secrets, row),
    ...model.notes.map((entry) => row('note', { name: entry.path, value: entry.note })),
    ...gitRows(model.git, row),
  ].join('');
}

/**
 * Git context, only when asked for: a `git` record with the context's token count, a `git_diff`
 * record each for the staged and the working tree's changes (the diff in `value`), and a
 * `git_commit` record per commit (id in `name`, the commit as text in `value`, files changed in
 * `count`).
 */
function gitRows(
  git: OverviewModel['git'],
  row: (section: string, fields: Partial<Record<string, string | number>>) => string,
): string[] {
  if (!git) return [];
  return [
    row('git', { name: 'tokens', tokens: git.tokens }),
    ...(git.diffs
      ? [
          row('git_diff', { name: 'staged', value: git.diffs.staged }),
          row('git_diff', { name: 'working_tree', value: git.diffs.working_tree }),
        ]
      : []),
    ...(git.logs ?? []).map((commit) =>
      row('git_commit', {
        name: commit.hash,
        value: formatGitLog([commit]),
        count: commit.files.length,
      }),
    ),
  ];
}

export function createCsvRenderer(): FormatRenderer {
  return {
    format: 'csv',
    extension: 'csv',
    renderChunk,
    renderChunkSegments,
    renderOverview,
    encodeLine: (line) => line.replace(/"/g, '""'),
    embedsVerbatim: false,
  };
}
