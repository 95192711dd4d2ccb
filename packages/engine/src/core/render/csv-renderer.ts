import type { Chunk } from '../types.js';
import { pieceSummary } from './labels.js';
import {
  formatChunkList,
  formatOptionValue,
  toOverviewModel,
  toPieceRange,
} from './overview-model.js';
import type { OverviewModel } from './overview-model.js';
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
 * enclosing definitions joined by " > ", empty when unknown. Content is the field verbatim.
 */
function renderChunk(chunk: Chunk, context: ChunkRenderContext): string {
  const records = chunk.pieces.map((piece) =>
    csvRecord([
      context.sourceName,
      chunk.index,
      context.totalChunks,
      piece.path,
      piece.language,
      piece.startLine,
      piece.endLine,
      piece.part,
      piece.partCount,
      (piece.context ?? []).join(' > '),
      piece.content,
    ]),
  );
  return csvRecord(CHUNK_COLUMNS) + records.join('');
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
  const files = model.files.map((file) =>
    row('file', {
      name: file.path,
      language: file.language,
      lines: file.lines,
      tokens: file.tokens,
      chunks: formatChunkList(file.chunks),
    }),
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
    ...stats,
    ...options,
    row('tree', { value: model.tree }),
    ...files,
    ...chunks,
    ...model.skipped.map((file) => row('skipped', { name: file.path, value: file.description })),
    ...model.redactions.map((entry) =>
      row('redaction', { name: entry.path, value: entry.type, count: entry.count }),
    ),
    ...secretRows(model.secrets, row),
  ].join('');
}

export function createCsvRenderer(): FormatRenderer {
  return {
    format: 'csv',
    extension: 'csv',
    renderChunk,
    renderOverview,
    encodeLine: (line) => line.replace(/"/g, '""'),
    embedsVerbatim: false,
  };
}
