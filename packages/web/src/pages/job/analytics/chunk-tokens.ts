import type { ChunkingAnalytics, JobFile } from '../../../api/types.js';

// Tokens per chunk for the chart. The analytics carry per-chunk tokens only if the server sends
// `chunk_tokens`; otherwise each chunk's share is estimated from the size of its output file,
// scaled so the shares add up to the analytics' llm_tokens_consumed (tokens track bytes closely
// within one job: same format, same source).

export interface ChunkTokens {
  names: string[];
  values: number[];
  /** True when derived from file sizes rather than counted by the engine. */
  estimated: boolean;
}

const collator = new Intl.Collator('en', { numeric: true });

/** Output files that are chunks: everything in chunks/ (the overview file is not a chunk). */
export function chunkFiles(files: readonly JobFile[]): JobFile[] {
  return files
    .filter((file) => file.path.startsWith('chunks/'))
    .sort((a, b) => collator.compare(a.path, b.path));
}

export function chunkTokens(
  analytics: Pick<ChunkingAnalytics, 'llm_tokens_consumed' | 'chunk_tokens'>,
  files: readonly JobFile[],
): ChunkTokens | null {
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
