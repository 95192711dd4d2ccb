import type { ChunkRenderContext, FormatRenderer } from '../render/renderer.js';
import type { Chunk } from '../types.js';

/** A chunk's text as the renderer makes it, from its segments where the renderer has them. */
export function renderChunkText(
  renderer: FormatRenderer,
  chunk: Chunk,
  context: ChunkRenderContext,
): string {
  const segments = renderer.renderChunkSegments?.(chunk, context);
  return segments ? segments.join('') : renderer.renderChunk(chunk, context);
}
