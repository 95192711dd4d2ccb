import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../../config/options.js';
import type { Chunk, ChunkPiece } from '../types.js';
import { getRenderer } from './index.js';
import { fileContent } from '../chunk/test-support/arbitraries.js';
import { PieceBodies } from './piece-bodies.js';
import { preambleOf } from './preamble.js';
import { emitYamlDocument } from './yaml-emit.js';

function pieceOf(content: string, path = 'src/a.ts'): ChunkPiece {
  return {
    path,
    language: 'typescript',
    startLine: 1,
    endLine: content.split('\n').length,
    part: 1,
    partCount: 1,
    content,
    offset: 0,
    startsOnBoundary: true,
    endsOnBoundary: true,
  };
}

describe('PieceBodies', () => {
  it('makes a body once for the same content at the same place', () => {
    const bodies = new PieceBodies();
    let made = 0;
    const make = (content: string) => ({ text: `<${content}>${++made}` });
    const first = bodies.of(pieceOf('a < b\n'), make);
    // Another piece object, the same place and equal content (a span cut again).
    expect(bodies.of(pieceOf(['a < ', 'b\n'].join('')), make)).toBe(first);
    expect(made).toBe(1);
    // Other content at the same place is made anew.
    expect(bodies.of(pieceOf('a > b\n'), make).text).toBe('<a > b\n>2');
    expect(bodies.of(pieceOf('a < b\n', 'src/b.ts'), make).text).toBe('<a < b\n>3');
  });

  it('gives each kept body out once after release, and keeps no new one', () => {
    const bodies = new PieceBodies();
    let made = 0;
    const make = (content: string) => ({ text: `${content}${++made}` });
    const kept = bodies.of(pieceOf('x\n'), make);
    bodies.release();
    expect(bodies.of(pieceOf('x\n'), make)).toBe(kept);
    expect(made).toBe(1);
    bodies.of(pieceOf('x\n'), make);
    bodies.of(pieceOf('y\n', 'b.ts'), make);
    bodies.of(pieceOf('y\n', 'b.ts'), make);
    expect(made).toBe(4);
  });
});

describe.each(['json', 'xml'] as const)('%s chunks with kept bodies', (format) => {
  const renderer = getRenderer(format, {});
  const options = resolveOptions({ outputFormat: format });
  // Escaped characters, and (in xml) a control character that only base64 can carry.
  const pieces = [pieceOf('if (a < b && c > "d") {}\r\n'), pieceOf('bell \u0007\n', 'b.txt')];
  const chunk: Chunk = { index: 2, pieces };

  it('renders the same text with and without them, in segments that join to it', () => {
    const plain = { sourceName: 's', totalChunks: 3, options };
    const text = renderer.renderChunk(chunk, plain);
    const bodies = new PieceBodies();
    const kept = { ...plain, bodies };
    expect(renderer.renderChunk(chunk, kept)).toBe(text);
    const segments = renderer.renderChunkSegments!(chunk, kept);
    expect(segments.join('')).toBe(text);
    expect(segments).toHaveLength(2 * pieces.length + 1);
    // Renumbered, the bodies (odd segments) are the same strings: escaped once.
    const renumbered = renderer.renderChunkSegments!(
      { ...chunk, index: 3 },
      { ...kept, totalChunks: 4 },
    );
    for (let index = 1; index < segments.length; index += 2) {
      expect(Object.is(renumbered[index], segments[index])).toBe(true);
    }
    // Every body came from the kept ones.
    for (const piece of pieces) {
      const body = bodies.of(piece, () => {
        throw new Error('made again');
      });
      expect(segments).toContain(body.text);
    }
  });
});

describe('yaml chunks in segments', () => {
  it('lay out as the emitter lays out the whole mapping', () => {
    const renderer = getRenderer('yaml', {});
    const options = resolveOptions({
      outputFormat: 'yaml',
      headerText: 'Read: this',
      instructionText: 'x',
    });
    fc.assert(
      fc.property(fc.array(fileContent, { maxLength: 3 }), fc.nat(40), (contents, index) => {
        const pieces = contents.map((content, at) => ({
          ...pieceOf(content, `src/${at}: #.ts`),
          ...(at === 1 && { context: ['class A', 'b: c'] }),
        }));
        const chunk: Chunk = { index: index + 1, pieces };
        const context = { sourceName: 'my repo', totalChunks: index + 2, options };
        const whole = emitYamlDocument({
          source: context.sourceName,
          chunk: chunk.index,
          chunk_count: context.totalChunks,
          ...preambleOf(options),
          files: pieces.map((piece) => ({
            path: piece.path,
            language: piece.language,
            start_line: piece.startLine,
            end_line: piece.endLine,
            part: piece.part,
            part_count: piece.partCount,
            ...(piece.context ? { context: [...piece.context] } : {}),
            content: piece.content,
          })),
        });
        expect(renderer.renderChunkSegments!(chunk, context).join('')).toBe(whole);
      }),
      { numRuns: 200 },
    );
  });
});
