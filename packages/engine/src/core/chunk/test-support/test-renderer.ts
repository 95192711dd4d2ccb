// Test support only (imported by *.test.ts): two small renderers, one verbatim, one escaping.
import type { Chunk, ChunkPiece } from '../../types.js';
import type { ChunkRenderContext, FormatRenderer } from '../../render/renderer.js';

/** Markdown-like: a chunk header, then per piece a heading and a fence longer than any backtick run. */
export function createVerbatimTestRenderer(): FormatRenderer {
  return {
    format: 'md',
    extension: 'md',
    embedsVerbatim: true,
    encodeLine: (line) => line,
    renderOverview: () => '# overview\n',
    renderChunk(chunk: Chunk, context: ChunkRenderContext) {
      const header = `# ${context.sourceName}: chunk ${chunk.index} of ${context.totalChunks}\n\n`;
      return header + chunk.pieces.map(renderPiece).join('\n');
    },
  };
}

function renderPiece(piece: ChunkPiece): string {
  const longest = Math.max(2, ...[...piece.content.matchAll(/`+/g)].map((run) => run[0].length));
  const fence = '`'.repeat(longest + 1);
  const newline = piece.content.length === 0 || piece.content.endsWith('\n') ? '' : '\n';
  return (
    `## ${piece.path} (lines ${piece.startLine}-${piece.endLine}, part ${piece.part} of ${piece.partCount})\n\n` +
    `${fence}${piece.language}\n${piece.content}${newline}${fence}\n`
  );
}

/** JSON: content is escaped, so line prices come from `encodeLine`. */
export function createEscapingTestRenderer(): FormatRenderer {
  return {
    format: 'json',
    extension: 'json',
    embedsVerbatim: false,
    encodeLine: (line) => JSON.stringify(line).slice(1, -1),
    renderOverview: () => '{}\n',
    renderChunk(chunk: Chunk, context: ChunkRenderContext) {
      const pieces = chunk.pieces.map((piece) => ({
        path: piece.path,
        lines: [piece.startLine, piece.endLine],
        part: `${piece.part} of ${piece.partCount}`,
        content: piece.content,
      }));
      return `${JSON.stringify({ source: context.sourceName, chunk: chunk.index, of: context.totalChunks, pieces }, null, 1)}\n`;
    },
  };
}
