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

/**
 * The same text in parts whose concatenation is renderChunkText's result, for a writer that
 * encodes it piece by piece instead of joining megabytes first.
 */
export function renderChunkParts(
  renderer: FormatRenderer,
  chunk: Chunk,
  context: ChunkRenderContext,
): readonly string[] {
  return renderer.renderChunkSegments?.(chunk, context) ?? [renderer.renderChunk(chunk, context)];
}
