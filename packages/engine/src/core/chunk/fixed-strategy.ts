import type { ProcessedFile } from '../types.js';
import { fileSpan } from './build-chunks.js';
import { fitPart } from './file-based-strategy.js';
import { fitLines } from './fit.js';
import { at, isLineEnd, lineAt } from './line-index.js';
import type { ChunkCostModel, ChunkStrategy, PlannedChunk, PlannedSpan } from './strategy.js';

/**
 * Windows of the token budget running over the files in order, cut at line ends; a window may hold
 * the end of one file and the start of the next (one piece each). Consecutive windows overlap by
 * the longest run of whole trailing lines whose content costs at most `cost.overlap` tokens. The
 * overlap never starts inside a line that was cut, and it is halved (down to nothing) for a window
 * whose next line would not fit beside it, so that every window moves forward.
 */
export const fixedStrategy: ChunkStrategy = {
  name: 'fixed',
  plan(files, cost) {
    const budget = cost.limit - cost.chunkOverhead;
    const chunks: PlannedChunk[] = [];
    let file = 0;
    let offset = 0;
    let previous: readonly PlannedSpan[] = [];

    while (file < files.length) {
      let allowance = cost.overlap;
      let spans = overlapOf(files, cost, previous, allowance);
      let used = spans.reduce((sum, span) => sum + spanCost(files, cost, span), 0);
      let moved = false;

      while (file < files.length) {
        const current = files[file] as ProcessedFile;
        const last = spans.at(-1);
        const extended =
          last !== undefined && last.file === file && last.end === offset ? last : undefined;
        const header = extended ? 0 : cost.pieceOverhead(current);
        const room = budget - used - header;
        const fit =
          room > 0 && current.content.length > 0
            ? fitLines(cost, current, offset, room)
            : { end: offset, cost: 0 };
        const fitsEmptyFile = current.content.length === 0 && room >= 0;
        if (fit.end === offset && !fitsEmptyFile) {
          if (moved) break;
          if (spans.length > 0) {
            // The overlap leaves no room for the next line: halve it until the line fits.
            allowance = Math.floor(allowance / 2);
            spans = overlapOf(files, cost, previous, allowance);
            used = spans.reduce((sum, span) => sum + spanCost(files, cost, span), 0);
            continue;
          }
          // An empty window and still no whole line fits: the line is longer than a window.
          const part = fitPart(cost, current, offset, room);
          spans.push(fileSpan(files, file, offset, part.end));
          offset = part.end;
          if (offset === current.content.length) [file, offset] = [file + 1, 0];
          break;
        }
        const span = fileSpan(files, file, extended ? extended.start : offset, fit.end);
        spans = extended ? [...spans.slice(0, -1), span] : [...spans, span];
        used += header + fit.cost;
        moved = true;
        offset = fit.end;
        if (offset < current.content.length) break;
        [file, offset] = [file + 1, 0];
      }
      chunks.push({ spans });
      previous = spans;
    }
    return chunks;
  },
};

function spanCost(
  files: readonly ProcessedFile[],
  cost: ChunkCostModel,
  span: PlannedSpan,
): number {
  const file = files[span.file] as ProcessedFile;
  const starts = cost.lineStarts(file);
  return (
    cost.pieceOverhead(file) +
    cost.linesCost(file, lineAt(starts, span.start), lineAt(starts, span.end))
  );
}

/** The trailing whole lines of the previous window, costing at most `allowance`, to repeat. */
function overlapOf(
  files: readonly ProcessedFile[],
  cost: ChunkCostModel,
  previous: readonly PlannedSpan[],
  allowance: number,
): PlannedSpan[] {
  const repeated: PlannedSpan[] = [];
  let room = allowance;
  for (let index = previous.length - 1; index >= 0 && room > 0; index--) {
    const span = previous[index] as PlannedSpan;
    const file = files[span.file] as ProcessedFile;
    const starts = cost.lineStarts(file);
    if (span.end === span.start || !isLineEnd(starts, span.end)) break;
    const endLine = lineAt(starts, span.end);
    const firstWhole = isLineEnd(starts, span.start)
      ? lineAt(starts, span.start)
      : lineAt(starts, span.start) + 1;
    // Smallest `from` >= firstWhole with linesCost(from, endLine) <= room.
    let low = firstWhole;
    let high = endLine;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cost.linesCost(file, middle, endLine) <= room) high = middle;
      else low = middle + 1;
    }
    if (low === endLine) break;
    repeated.unshift(fileSpan(files, span.file, at(starts, low), span.end));
    room -= cost.linesCost(file, low, endLine);
    if (at(starts, low) !== span.start) break;
  }
  return repeated;
}
