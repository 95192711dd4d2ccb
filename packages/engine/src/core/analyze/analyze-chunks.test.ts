import { describe, expect, it } from 'vitest';
import type { ResolvedOptions } from '../../config/options.js';
import { resolveOptions } from '../../config/options.js';
import type { ChunkPiece, ProcessedFile, RenderedChunk } from '../types.js';
import { analyzeChunks } from './analyze-chunks.js';

function file(path: string, lines: number, tokensPerLine: number): ProcessedFile {
  const linePrefix = Uint32Array.from({ length: lines + 1 }, (_, line) => line * tokensPerLine);
  return {
    path,
    language: 'typescript',
    content: 'x\n'.repeat(lines),
    lines,
    tokens: lines * tokensPerLine,
    linePrefix,
    originalBytes: lines * 2,
    notes: [],
  };
}

function piece(
  path: string,
  startLine: number,
  endLine: number,
  part = 1,
  partCount = 1,
  content?: string,
): ChunkPiece {
  return {
    path,
    language: 'typescript',
    startLine,
    endLine,
    part,
    partCount,
    content: content ?? 'x\n'.repeat(endLine - startLine + 1),
    startsOnBoundary: part === 1,
    endsOnBoundary: part === partCount,
  };
}

function chunk(index: number, tokens: number, pieces: ChunkPiece[]): RenderedChunk {
  return { index, fileName: `chunk-${index}.md`, text: '', textParts: () => [''], tokens, pieces };
}

function options(overrides: Partial<ResolvedOptions>): ResolvedOptions {
  return { ...resolveOptions(), ...overrides };
}

describe('analyzeChunks', () => {
  // a (5000 tokens) | b part 1 ... b part 2 | c (10000) ... d (9000); b has 40000 tokens.
  const files = [
    file('a.ts', 50, 100),
    file('b.ts', 400, 100),
    file('c.ts', 100, 100),
    file('d.ts', 90, 100),
  ];
  const chunks = [
    chunk(1, 32_000, [piece('a.ts', 1, 50), piece('b.ts', 1, 250, 1, 2)]),
    chunk(2, 25_600, [piece('b.ts', 251, 400, 2, 2), piece('c.ts', 1, 100)]),
    chunk(3, 19_200, [piece('d.ts', 1, 90)]),
  ];

  it('computes the figures', () => {
    const analytics = analyzeChunks(
      chunks,
      files,
      options({ chunkingStrategy: 'file_based', tokenLimit: 32_000 }),
    );
    expect(analytics).toMatchObject({
      total_chunks: 3,
      avg_tokens_per_chunk: 25_600,
      utilization: 80,
      // 2 of 4 cut edges on file boundaries; 1 of 3 chunks holds only whole units (b.ts is cut in
      // chunks 1 and 2); packing ceil(76800/32000)/3 = 100.
      boundary_score: 50,
      context_score: 33.3,
      performance_score: 65, // 0.4 x 100 + 0.3 x 50 + 0.3 x 33.3
      strategy: 'file_based',
      llm_tokens_consumed: 76_800,
      token_limit: 32_000,
      file_count: 4,
      line_count: 640,
    });
    expect(Object.keys(analytics).sort()).toEqual(
      [
        'avg_tokens_per_chunk',
        'boundary_score',
        'context_score',
        'file_count',
        'line_count',
        'llm_tokens_consumed',
        'performance_score',
        'split_definitions',
        'outlined_files',
        'strategy',
        'suggestions',
        'token_limit',
        'total_chunks',
        'utilization',
      ].sort(),
    );
  });

  it('suggests the limit that keeps split files whole', () => {
    const { suggestions } = analyzeChunks(
      chunks,
      files,
      options({ chunkingStrategy: 'file_based', tokenLimit: 32_000 }),
    );
    // Rendered/content ratio 76800/64000 = 1.2, so b.ts renders to about 48,000 tokens.
    expect(suggestions).toContainEqual({
      type: 'improvement',
      title: '1 of 4 file(s) were split across chunks',
      description:
        'A split file is read in parts; the largest split file renders to about 48,000 tokens.',
      recommendation: 'To keep files whole, raise the token limit to 64,000.',
    });
  });

  it('with fixed windows, also suggests file_based for split files that would fit whole', () => {
    const small = [file('a.ts', 300, 100), file('b.ts', 300, 100)];
    const windows = [
      chunk(1, 32_000, [piece('a.ts', 1, 300), piece('b.ts', 1, 10, 1, 2)]),
      chunk(2, 29_000, [piece('b.ts', 11, 300, 2, 2)]),
    ];
    const { suggestions } = analyzeChunks(
      windows,
      small,
      options({ chunkingStrategy: 'fixed', tokenLimit: 32_000 }),
    );
    const split = suggestions.find((item) => item.title.includes('split across chunks'));
    expect(split?.recommendation).toBe(
      'To keep files whole, raise the token limit to 64,000 or use file_based (1 of them fit whole in 32,000 tokens).',
    );
    const boundaries = suggestions.find((item) => item.title.startsWith('Only'));
    expect(boundaries).toMatchObject({
      type: 'improvement',
      title: 'Only 0% of chunk cuts fall on file boundaries',
    });
  });

  it('suggests a lower allowed limit when utilization is low', () => {
    const one = [chunk(1, 20_500, [piece('a.ts', 1, 50)])];
    const analytics = analyzeChunks(one, [file('a.ts', 50, 400)], options({ tokenLimit: 128_000 }));
    expect(analytics.utilization).toBe(16);
    expect(analytics.performance_score).toBe(100);
    expect(analytics.suggestions).toContainEqual({
      type: 'improvement',
      title: 'Chunks use 16% of the token limit on average',
      description: 'The largest of 1 chunk(s) has 20,500 tokens against a limit of 128,000.',
      recommendation:
        'Lower the token limit to 32,000: every chunk of this job would still fit, and smaller limits suit more models.',
    });
  });

  it('does not suggest a lower limit when none would fit', () => {
    const one = [chunk(1, 40_000, [piece('a.ts', 1, 50)])];
    const analytics = analyzeChunks(one, [file('a.ts', 50, 800)], options({ tokenLimit: 128_000 }));
    expect(
      analytics.suggestions.find((item) => item.title.startsWith('Chunks use'))?.recommendation,
    ).toContain('64,000');
    const tight = analyzeChunks(one, [file('a.ts', 50, 800)], options({ tokenLimit: 64_000 }));
    expect(tight.suggestions.some((item) => item.title.startsWith('Chunks use'))).toBe(false);
  });

  it('warns about lines cut inside', () => {
    const cut = [
      chunk(1, 32_000, [piece('min.js', 1, 1, 1, 2, 'aaaa')]),
      chunk(2, 1_000, [piece('min.js', 1, 1, 2, 2, 'bb\n')]),
    ];
    const { suggestions } = analyzeChunks(
      cut,
      [file('min.js', 1, 33_000)],
      options({ tokenLimit: 32_000 }),
    );
    expect(suggestions[0]).toMatchObject({
      type: 'warning',
      title: '1 line(s) longer than a chunk were cut inside the line',
      description: 'A line of more than 32,000 tokens cannot stay whole (min.js:1).',
    });
  });

  it('reports the overlap fixed windows repeat', () => {
    const windows = [
      chunk(1, 30_000, [piece('a.ts', 1, 300, 1, 2)]),
      chunk(2, 25_000, [piece('a.ts', 291, 500, 2, 2)]),
    ];
    const analytics = analyzeChunks(
      windows,
      [file('a.ts', 500, 100)],
      options({ chunkingStrategy: 'fixed', tokenLimit: 32_000, chunkOverlap: 1_000 }),
    );
    expect(analytics.suggestions).toContainEqual(
      expect.objectContaining({ type: 'info', title: 'Overlap repeats about 1,000 tokens' }),
    );
  });

  it('names the strategy that ran, semantic and auto included', () => {
    for (const strategy of ['semantic', 'auto'] as const) {
      const analytics = analyzeChunks(chunks, files, options({ chunkingStrategy: strategy }));
      expect(analytics.strategy).toBe(strategy);
    }
  });

  it('says so when chunking looks good', () => {
    const one = [chunk(1, 30_000, [piece('a.ts', 1, 50), piece('b.ts', 1, 50)])];
    const { suggestions } = analyzeChunks(
      one,
      [file('a.ts', 50, 300), file('b.ts', 50, 300)],
      options({ tokenLimit: 32_000 }),
    );
    expect(suggestions).toEqual([
      expect.objectContaining({ type: 'info', title: 'Chunking looks good' }),
    ]);
  });

  it('gives zeros and one explanation for a job without chunks', () => {
    const analytics = analyzeChunks([], [], options({}));
    expect(analytics).toMatchObject({
      total_chunks: 0,
      avg_tokens_per_chunk: 0,
      utilization: 0,
      performance_score: 0,
      boundary_score: 0,
      context_score: 0,
      llm_tokens_consumed: 0,
      file_count: 0,
      line_count: 0,
    });
    expect(analytics.suggestions.map((item) => item.title)).toEqual(['Nothing was chunked']);
  });
});
