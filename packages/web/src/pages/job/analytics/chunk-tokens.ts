import type { ChunkingAnalytics, ChunkSummary, JobFile } from '../../../api/types.js';

// Tokens per chunk for the chart. The analytics carry each chunk's exact token count (`chunks`,
// the engine's count of the chunk file as written; older jobs may carry `chunk_tokens`). Jobs
// finished before either existed get each chunk's share estimated from the size of its output
// file, shown as an estimate and never judged against the limit.

export interface ChunkTokens {
  names: string[];
  values: number[];
  /** True when derived from file sizes rather than counted by the engine. */
  estimated: boolean;
  /** What each chunk holds ("a.ts 1-40 (part 1 of 2), b.ts 1-3"), when known. */
  spans?: string[];
}

function describeSpans(chunk: ChunkSummary): string {
  return chunk.files
    .map((file) => {
      const part = file.part_count > 1 ? ` (part ${file.part} of ${file.part_count})` : '';
      return `${file.path} ${file.start_line}-${file.end_line}${part}`;
    })
    .join(', ');
}

const collator = new Intl.Collator('en', { numeric: true });

/** Output files that are chunks: everything in chunks/ (the overview file is not a chunk). */
export function chunkFiles(files: readonly JobFile[]): JobFile[] {
  return files
    .filter((file) => file.path.startsWith('chunks/'))
    .sort((a, b) => collator.compare(a.path, b.path));
}

export function chunkTokens(
  analytics: Pick<ChunkingAnalytics, 'llm_tokens_consumed' | 'chunk_tokens' | 'chunks'>,
  files: readonly JobFile[],
): ChunkTokens | null {
  if (analytics.chunks && analytics.chunks.length > 0) {
    const ordered = [...analytics.chunks].sort((a, b) => a.index - b.index);
    return {
      names: ordered.map((chunk) => chunk.file_name),
      values: ordered.map((chunk) => chunk.tokens),
      estimated: false,
      spans: ordered.map(describeSpans),
    };
  }
  const chunks = chunkFiles(files);
  const counted = analytics.chunk_tokens;
  if (counted && counted.length > 0) {
    return {
      names: counted.map((_, index) => chunks[index]?.name ?? `Chunk ${index + 1}`),
      values: [...counted],
      estimated: false,
    };
  }
  const bytes = chunks.reduce((sum, file) => sum + file.size, 0);
  if (chunks.length === 0 || bytes === 0) return null;
  return {
    names: chunks.map((file) => file.name),
    values: chunks.map((file) => Math.round((analytics.llm_tokens_consumed * file.size) / bytes)),
    estimated: true,
  };
}

export interface Distribution {
  min: number;
  max: number;
  median: number;
  mean: number;
  overLimit: number;
}

export function distributionOf(values: readonly number[], limit: number): Distribution {
  if (values.length === 0) return { min: 0, max: 0, median: 0, mean: 0, overLimit: 0 };
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return {
    min: sorted[0]!,
    max: sorted[sorted.length - 1]!,
    median:
      sorted.length % 2 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2),
    mean: Math.round(values.reduce((sum, value) => sum + value, 0) / values.length),
    overLimit: values.filter((value) => value > limit).length,
  };
}

/** Chunks over the token limit: only counted tokens can say so, never an estimate. */
export function overLimitOf(data: ChunkTokens, limit: number): number {
  return data.estimated ? 0 : distributionOf(data.values, limit).overLimit;
}
