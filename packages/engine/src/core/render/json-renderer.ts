import type { Chunk, ChunkPiece } from '../types.js';
import { toOverviewModel } from './overview-model.js';
import { preambleOf } from './preamble.js';
import type { PieceBody } from './piece-bodies.js';
import { pieceBody } from './piece-bodies.js';
import type { ChunkRenderContext, FormatRenderer, Overview } from './renderer.js';

/** A piece's fields up to its content's value, which comes last. */
function pieceHead(piece: ChunkPiece): string {
  const fields = JSON.stringify({
    path: piece.path,
    language: piece.language,
    start_line: piece.startLine,
    end_line: piece.endLine,
    part: piece.part,
    part_count: piece.partCount,
    ...(piece.context && piece.context.length > 0 ? { context: piece.context } : {}),
  });
  return `${fields.slice(0, -1)},"content":`;
}

const jsonBody = (content: string): PieceBody => ({ text: JSON.stringify(content) });

/**
 * A chunk is one JSON object, one file per line to stay compact and readable:
 *   {"source":"my-repo","chunk":2,"chunk_count":5,"files":[
 *   {"path":"src/a.ts","language":"typescript","start_line":120,"end_line":340,"part":2,
 *    "part_count":3,"context":["class Foo"],"content":"..."}
 *   ]}
 * `context` is present only when known. JSON.stringify escapes everything, lone surrogates included
 * (as \udxxx), so JSON.parse gives every content back exactly.
 */
function renderChunkSegments(chunk: Chunk, context: ChunkRenderContext): string[] {
  const head = JSON.stringify({
    source: context.sourceName,
    chunk: chunk.index,
    chunk_count: context.totalChunks,
    ...preambleOf(context.options),
  }).slice(0, -1);
  const segments: string[] = [];
  let wrapper = `${head},"files":[\n`;
  chunk.pieces.forEach((piece, index) => {
    segments.push(`${wrapper}${index > 0 ? ',\n' : ''}${pieceHead(piece)}`);
    segments.push(pieceBody(piece, context.bodies, jsonBody).text);
    wrapper = '}';
  });
  segments.push(`${wrapper}${chunk.pieces.length > 0 ? '\n' : ''}]}\n`);
  return segments;
}

function renderChunk(chunk: Chunk, context: ChunkRenderContext): string {
  return renderChunkSegments(chunk, context).join('');
}

function renderOverview(overview: Overview): string {
  return `${JSON.stringify(toOverviewModel(overview), null, 2)}\n`;
}

export function createJsonRenderer(): FormatRenderer {
  return {
    format: 'json',
    extension: 'json',
    renderChunk,
    renderChunkSegments,
    renderOverview,
    encodeLine: (line) => JSON.stringify(line).slice(1, -1),
    embedsVerbatim: false,
  };
}
