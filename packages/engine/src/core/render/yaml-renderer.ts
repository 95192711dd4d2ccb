import type { Chunk, ChunkPiece } from '../types.js';
import { toOverviewModel } from './overview-model.js';
import { preambleOf } from './preamble.js';
import type { ChunkRenderContext, FormatRenderer, Overview } from './renderer.js';
import { emitYamlDocument } from './yaml-emit.js';
import { encodeContentLine } from './yaml-scalar.js';
import type { YamlValue } from './yaml-emit.js';

/** Content lines of a piece sit at column 4: the piece mapping at 2, plus the literal's `2`. */
const CONTENT_INDENT = '    ';

function pieceData(piece: ChunkPiece): YamlValue {
  return {
    path: piece.path,
    language: piece.language,
    start_line: piece.startLine,
    end_line: piece.endLine,
    part: piece.part,
    part_count: piece.partCount,
    ...(piece.context && piece.context.length > 0 ? { context: [...piece.context] } : {}),
    content: piece.content,
  };
}

/**
 * A chunk is one YAML mapping: source, chunk, chunk_count, then `files`, a sequence of
 * mappings with the same fields as json; content is a block literal where that round-trips,
 * double-quoted otherwise (see yaml-scalar.ts).
 */
function renderChunk(chunk: Chunk, context: ChunkRenderContext): string {
  return emitYamlDocument({
    source: context.sourceName,
    chunk: chunk.index,
    chunk_count: context.totalChunks,
    ...preambleOf(context.options),
    files: chunk.pieces.map(pieceData),
  });
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
    renderOverview,
    encodeLine: (line) => encodeContentLine(line, CONTENT_INDENT),
    embedsVerbatim: false,
  };
}
