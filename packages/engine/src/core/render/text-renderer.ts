import type { Chunk, ChunkPiece } from '../types.js';
import { contextLabel, inlineText, lacksFinalNewline, pieceSummary } from './labels.js';
import { equalsRunAtLineStart } from './piece-runs.js';
import { buildOverviewDocument } from './overview-sections.js';
import type { OverviewSection } from './overview-sections.js';
import { toOverviewModel } from './overview-model.js';
import type { ChunkRenderContext, FormatRenderer, Overview } from './renderer.js';
import { joinPieceSegments } from './segments.js';
import type { PieceParts } from './segments.js';
import { preambleOf, preambleParagraphs } from './preamble.js';

/**
 * The delimiter of a piece: a run of `=` longer than any run of `=` that starts a line of the
 * content, so no content line can start with it. Every delimiter line is the marker, a space and
 * a label.
 */
function markerFor(piece: ChunkPiece): string {
  const length = Math.max(3, equalsRunAtLineStart(piece) + 1);
  // Nearly every piece has the shortest marker: one string for it, not one per rendering.
  return length === 3 ? '===' : '='.repeat(length);
}

/**
 * One piece:
 *   === src/a.ts (typescript, lines 120-340, part 2 of 3) ===
 *   === Context: class Foo > method bar ===      (when known)
 *   <content, verbatim>
 *   === End ===
 * When the content has no final newline the first line says so and the newline written before
 * the end line is not part of it.
 */
function renderPiece(piece: ChunkPiece): PieceParts {
  const marker = markerFor(piece);
  const noFinalNewline = lacksFinalNewline(piece.content);
  const path = inlineText(piece.path);
  const details = [inlineText(piece.language), pieceSummary(piece)];
  if (noFinalNewline) details.push('no final newline');
  const context = contextLabel(piece);
  return {
    before:
      `${marker} ${path} (${details.join(', ')}) ${marker}\n` +
      (context ? `${marker} Context: ${context} ${marker}\n` : ''),
    after: `${noFinalNewline ? '\n' : ''}${marker} End ${marker}\n`,
  };
}

function renderChunkSegments(chunk: Chunk, context: ChunkRenderContext): string[] {
  const header =
    `${inlineText(context.sourceName)}: chunk ${chunk.index} of ${context.totalChunks}\n` +
    preambleParagraphs(preambleOf(context.options), 'Instructions:');
  return joinPieceSegments(header, chunk.pieces, renderPiece);
}

function renderChunk(chunk: Chunk, context: ChunkRenderContext): string {
  return renderChunkSegments(chunk, context).join('');
}

function indent(text: string): string {
  return text === '' ? '' : text.replace(/^/gm, '  ') + '\n';
}

function renderSection(section: OverviewSection): string {
  const heading = `${section.title}\n`;
  if (section.kind === 'fields') {
    return heading + section.fields.map(([name, value]) => `  ${name}: ${value}\n`).join('');
  }
  if (section.kind === 'text') return heading + (indent(section.text) || '  (none)\n');
  if (section.rows.length === 0) return `${heading}  (none)\n`;
  const lines = [section.columns, ...section.rows].map((cells) => `  ${cells.join(' | ')}\n`);
  return heading + lines.join('');
}

function renderOverview(overview: Overview): string {
  const document = buildOverviewDocument(toOverviewModel(overview));
  const head = `${document.title}\n${document.subtitle}\n`;
  return [head, ...document.sections.map(renderSection)].join('\n');
}

export function createTextRenderer(): FormatRenderer {
  return {
    format: 'txt',
    extension: 'txt',
    renderChunk,
    renderChunkSegments,
    renderOverview,
    encodeLine: (line) => line,
    embedsVerbatim: true,
  };
}
