import type { Chunk, ChunkPiece } from '../types.js';
import { contextLabel, inlineText, lacksFinalNewline, longestRun, pieceSummary } from './labels.js';
import { buildOverviewDocument } from './overview-sections.js';
import type { OverviewSection } from './overview-sections.js';
import { toOverviewModel } from './overview-model.js';
import type { ChunkRenderContext, FormatRenderer, Overview } from './renderer.js';
import { backtickRun } from './piece-runs.js';
import { joinPieceSegments } from './segments.js';
import { preambleOf, preambleParagraphs } from './preamble.js';
import type { PieceParts } from './segments.js';

/** A backtick fence longer than any backtick run inside the text, so the text cannot close it. */
export function fenceFor(text: string): string {
  return fenceOfRun(longestRun(text, '`'));
}

/** fenceFor of a piece's content. */
export function pieceFence(piece: ChunkPiece): string {
  return fenceOfRun(backtickRun(piece));
}

function fenceOfRun(longest: number): string {
  // Nearly every text needs the shortest fence: one string for it, not one per rendering.
  return longest < 3 ? '```' : '`'.repeat(longest + 1);
}

/** CommonMark forbids backticks in a backtick fence's info string; whitespace would end it. */
function fenceInfo(language: string): string {
  return /^[^\s`]+$/.test(language) ? language : '';
}

/**
 * One piece: a `##` heading with the path (a code span, so `__init__.py` is not bold) and the
 * line range, an optional `Context:` line, then the content in a fence. The body is the content verbatim; when the content does not end with a
 * newline the heading says `no final newline` and the newline written before the fence is not
 * part of it.
 */
function renderPiece(piece: ChunkPiece): PieceParts {
  const fence = pieceFence(piece);
  const noFinalNewline = lacksFinalNewline(piece.content);
  const summary = pieceSummary(piece) + (noFinalNewline ? ', no final newline' : '');
  const context = contextLabel(piece);
  return {
    before:
      `## ${codeSpan(inlineText(piece.path))} (${summary})\n` +
      (context ? `Context: ${context}\n` : '') +
      `${fence}${fenceInfo(piece.language)}\n`,
    after: `${noFinalNewline ? '\n' : ''}${fence}\n`,
  };
}

function renderChunkSegments(chunk: Chunk, context: ChunkRenderContext): string[] {
  const header =
    `# ${inlineText(context.sourceName)}: chunk ${chunk.index} of ${context.totalChunks}\n` +
    preambleParagraphs(preambleOf(context.options), '## Instructions');
  return joinPieceSegments(header, chunk.pieces, renderPiece);
}

function renderChunk(chunk: Chunk, context: ChunkRenderContext): string {
  return renderChunkSegments(chunk, context).join('');
}

/** A code span: delimited by a backtick run longer than any inside, padded when needed. */
export function codeSpan(text: string): string {
  const ticks = '`'.repeat(longestRun(text, '`') + 1);
  const pad = /^[` ]|[` ]$/.test(text) ? ' ' : '';
  return `${ticks}${pad}${text}${pad}${ticks}`;
}

/** Option values with markdown-significant characters (`**\/*.ts`) are shown as code. */
function fieldValue(value: string): string {
  return /[^\w\s.,:/()-]/.test(value) ? codeSpan(value) : value;
}

/** GFM tables split on `|` even inside code spans; `\|` keeps it in the cell. */
function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

function renderSection(section: OverviewSection): string {
  const heading = `## ${section.title}\n\n`;
  if (section.kind === 'fields') {
    return (
      heading + section.fields.map(([name, value]) => `- ${name}: ${fieldValue(value)}\n`).join('')
    );
  }
  if (section.kind === 'text') {
    const fence = fenceFor(section.text);
    const body = section.text === '' ? '' : `${section.text}\n`;
    return `${heading}${fence}text\n${body}${fence}\n`;
  }
  if (section.rows.length === 0) return `${heading}None.\n`;
  const row = (cells: readonly string[]) => `| ${cells.map(escapeCell).join(' | ')} |\n`;
  const rule = `|${section.numeric.map((isNumber) => (isNumber ? ' ---: ' : ' --- ')).join('|')}|\n`;
  return heading + row(section.columns) + rule + section.rows.map(row).join('');
}

/** The overview as markdown; also the default overview of the custom format. */
export function renderMarkdownOverview(overview: Overview): string {
  const document = buildOverviewDocument(toOverviewModel(overview), codeSpan);
  const head = `# ${document.title}\n\n${document.subtitle}\n`;
  return [head, ...document.sections.map(renderSection)].join('\n');
}

export function createMarkdownRenderer(): FormatRenderer {
  return {
    format: 'md',
    extension: 'md',
    renderChunk,
    renderChunkSegments,
    renderOverview: renderMarkdownOverview,
    encodeLine: (line) => line,
    embedsVerbatim: true,
  };
}
