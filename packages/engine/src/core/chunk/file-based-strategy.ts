import { EngineError } from '../../errors.js';
import type { ProcessedFile } from '../types.js';
import { fileSpan } from './build-chunks.js';
import { cutInsideLine, fitLines } from './fit.js';
import type { ChunkCostModel, ChunkStrategy, PlannedChunk, PlannedSpan } from './strategy.js';

/**
 * Whole files packed in order, greedily. A file larger than a chunk starts a fresh chunk and is cut
 * at line ends into parts that each fill a chunk; its last part stays open for the files after it.
 */
export const fileBasedStrategy: ChunkStrategy = {
  name: 'file_based',
  plan(files, cost) {
    const budget = cost.limit - cost.chunkOverhead;
    const chunks: PlannedChunk[] = [];
    let open: PlannedSpan[] = [];
    let used = 0;
    const close = (): void => {
      if (open.length > 0) chunks.push({ spans: open });
      open = [];
      used = 0;
    };

    files.forEach((file, index) => {
      const header = cost.pieceOverhead(file);
      const lines = file.lines;
      const whole = header + cost.linesCost(file, 0, lines);
      if (used + whole <= budget) {
        open.push(fileSpan(files, index, 0, file.content.length));
        used += whole;
        return;
      }
      close();
      if (whole <= budget) {
        open.push(fileSpan(files, index, 0, file.content.length));
        used = whole;
        return;
      }
      let start = 0;
      while (start < file.content.length) {
        const part = fitPart(cost, file, start, budget - header);
        const span = fileSpan(files, index, start, part.end);
        if (part.end === file.content.length) {
          open.push(span);
          used = header + part.cost;
        } else {
          chunks.push({ spans: [span] });
        }
        start = part.end;
      }
    });
    close();
    return chunks;
  },
};

/** The largest run of whole lines that fits, or a cut inside a line too long for any chunk. */
export function fitPart(
  cost: ChunkCostModel,
  file: ProcessedFile,
  start: number,
  budget: number,
): { end: number; cost: number } {
  const lines = fitLines(cost, file, start, budget);
  if (lines.end > start) return lines;
  // A cut inside a line leaves the piece without a final line break, which its wrapper says.
  const inside = cutInsideLine(cost, file, start, budget - cost.openEndOverhead(file));
  if (inside.end > start) return inside;
  throw new EngineError(
    'INVALID_TOKEN_LIMIT',
    `Token limit ${cost.limit} is too small to hold any content of ${file.path} beside its headers.`,
    file.path,
  );
}
