import type { Chunk, ChunkPiece } from '../types.js';
import { toOverviewModel } from './overview-model.js';
import { preambleOf } from './preamble.js';
import type { PieceBody } from './piece-bodies.js';
import { pieceBody } from './piece-bodies.js';
import type { ChunkRenderContext, FormatRenderer, Overview } from './renderer.js';
import { emitMapping, emitYamlDocument } from './yaml-emit.js';
import { encodeContentLine, yamlString } from './yaml-scalar.js';
import type { YamlValue } from './yaml-emit.js';

/** Content lines of a piece sit at column 4: the piece mapping at 2, plus the literal's `2`. */
const CONTENT_INDENT = '    ';

/** A piece's fields but its content, which comes last. */
function pieceFields(piece: ChunkPiece): { readonly [key: string]: YamlValue } {
  return {
    path: piece.path,
    language: piece.language,
    start_line: piece.startLine,
    end_line: piece.endLine,
    part: piece.part,
    part_count: piece.partCount,
    ...(piece.context && piece.context.length > 0 ? { context: [...piece.context] } : {}),
  };
}

const yamlBody = (content: string): PieceBody => ({
  text: yamlString(content, CONTENT_INDENT.length),
});

/**
 * A chunk is one YAML mapping: source, chunk, chunk_count, then `files`, a sequence of
 * mappings with the same fields as json; content is a block literal where that round-trips,
 * double-quoted otherwise (see yaml-scalar.ts). Laid out as emitYamlDocument lays out the whole
 * mapping (`files:` then `- path: ...` at column 0, each piece's `content:` last), in segments.
 */
function renderChunkSegments(chunk: Chunk, context: ChunkRenderContext): string[] {
  const head = emitYamlDocument({
    source: context.sourceName,
    chunk: chunk.index,
    chunk_count: context.totalChunks,
    ...preambleOf(context.options),
  });
  if (chunk.pieces.length === 0) return [`${head}files: []\n`];
  const segments: string[] = [];
  let wrapper = `${head}files:\n`;
  for (const piece of chunk.pieces) {
    segments.push(`${wrapper}- ${emitMapping(pieceFields(piece), 2, true)}  content: `);
    segments.push(pieceBody(piece, context.bodies, yamlBody).text);
    wrapper = '\n';
  }
  segments.push(wrapper);
  return segments;
}

function renderChunk(chunk: Chunk, context: ChunkRenderContext): string {
  return renderChunkSegments(chunk, context).join('');
}

function renderOverview(overview: Overview): string {
  // The model is plain data by construction; the cast only widens readonly arrays of records.
  return emitYamlDocument(toOverviewModel(overview) as unknown as { [key: string]: YamlValue });
}

export function createYamlRenderer(): FormatRenderer {
  return {
    format: 'yaml',
    extension: 'yaml',
    renderChunk,
    renderChunkSegments,
    renderOverview,
    encodeLine: (line) => encodeContentLine(line, CONTENT_INDENT),
    embedsVerbatim: false,
  };
}
