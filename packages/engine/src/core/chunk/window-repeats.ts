import type { PlannedSpan } from './strategy.js';

/**
 * The spans of a window without the overlap it repeats from the previous one. Re-planning the
 * overlap as if it were new content could leave a chunk that only repeats.
 */
export function withoutRepeats(
  spans: readonly PlannedSpan[],
  previous: readonly PlannedSpan[],
): PlannedSpan[] {
  const reached = new Map<number, number>();
  for (const span of previous)
    reached.set(span.file, Math.max(reached.get(span.file) ?? 0, span.end));
  const kept = [...spans];
  for (let first = kept[0]; first !== undefined; first = kept[0]) {
    const end = reached.get(first.file);
    if (end === undefined || end <= first.start) break;
    if (end < first.end) {
      kept[0] = { ...first, start: end, startsOnBoundary: false };
      break;
    }
    if (kept.length === 1) break;
    kept.shift();
  }
  return kept;
}

/**
 * The windows without any that the next one holds whole. A window keeps the opening repeat it was
 * planned with against the window before it; when that window is split or loses its own repeat,
 * its last part can lie wholly inside that repeat, and the next window would then repeat it and
 * more (the tail of the part before it). Dropping the part loses nothing and leaves the next
 * window repeating only the tail of its new predecessor.
 */
export function withoutCoveredWindows<T extends { readonly spans: readonly PlannedSpan[] }>(
  windows: readonly T[],
): T[] {
  const kept: T[] = [];
  for (let index = windows.length - 1; index >= 0; index--) {
    const item = windows[index] as T;
    const next = kept.at(-1);
    if (next === undefined || !item.spans.every((span) => isHeldBy(span, next.spans))) {
      kept.push(item);
    }
  }
  return kept.reverse();
}

function isHeldBy(span: PlannedSpan, spans: readonly PlannedSpan[]): boolean {
  return spans.some(
    (other) => other.file === span.file && other.start <= span.start && other.end >= span.end,
  );
}
