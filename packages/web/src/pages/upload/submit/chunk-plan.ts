// How a file is cut for the chunked upload.

const MB = 1024 * 1024;
export const STREAMING_THRESHOLD = 10 * MB;
export const MIN_ADAPTIVE_CHUNK = 1 * MB;
/** The server's per-chunk maximum. */
export const MAX_CHUNK = 32 * MB;

/** The size-based rule: 2 MB under 10 MB, 4 MB under 100 MB, 8 MB under 500 MB, else 16 MB. */
export function baseChunkSize(fileSize: number): number {
  if (fileSize < 10 * MB) return 2 * MB;
  if (fileSize < 100 * MB) return 4 * MB;
  if (fileSize < 500 * MB) return 8 * MB;
  return 16 * MB;
}

export interface UploadStats {
  /** Chunk uploads measured so far in this session. */
  uploads: number;
  /** Average speed of those uploads, MB/s. */
  averageSpeed: number;
}

/**
 * After more than 5 measured uploads the size follows the connection: about 3,000 KB per MB/s
 * of average speed (some three seconds of data), kept between 1 and 32 MB.
 */
export function chunkSizeFor(fileSize: number, stats: UploadStats): number {
  if (stats.uploads <= 5 || !(stats.averageSpeed > 0)) return baseChunkSize(fileSize);
  const adaptive = Math.round(stats.averageSpeed * 3000 * 1024);
  return Math.min(MAX_CHUNK, Math.max(MIN_ADAPTIVE_CHUNK, adaptive));
}

/** 3 until three uploads were measured; then 5 above 0.5 MB/s, 4 above 0.3, 2 below 0.2, else 3. */
export function concurrencyFor(stats: UploadStats): number {
  if (stats.uploads < 3) return 3;
  if (stats.averageSpeed > 0.5) return 5;
  if (stats.averageSpeed > 0.3) return 4;
  if (stats.averageSpeed < 0.2) return 2;
  return 3;
}

export interface ChunkSpan {
  index: number;
  start: number;
  end: number;
}

/** The chunks of a file in upload order: smallest first (the short tail chunk leads). */
export function planChunks(fileSize: number, chunkSize: number): ChunkSpan[] {
  const count = Math.max(1, Math.ceil(fileSize / chunkSize));
  const spans: ChunkSpan[] = [];
  for (let index = 0; index < count; index++) {
    spans.push({
      index,
      start: index * chunkSize,
      end: Math.min(fileSize, (index + 1) * chunkSize),
    });
  }
  return spans.sort((a, b) => a.end - a.start - (b.end - b.start) || a.index - b.index);
}
