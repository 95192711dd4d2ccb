// Recall and precision of a detector against the planted ground truth, by overlap of spans.
import type { Detection } from './detectors.js';

export interface Span {
  readonly start: number;
  readonly end: number;
  readonly type: string;
}

export interface Score {
  readonly planted: number;
  readonly found: number;
  readonly detections: number;
  readonly falsePositives: number;
  readonly recall: number;
  readonly precision: number;
  /** Planted type -> [found, planted]. */
  readonly byType: ReadonlyMap<string, readonly [number, number]>;
  /** Detections that overlap nothing planted, with their file. */
  readonly falsePositiveSamples: readonly { path: string; detection: Detection }[];
}

const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }): boolean =>
  a.start < b.end && b.start < a.end;

/** `truth` and `detections` are grouped by file path. */
export function scoreDetections(
  truth: ReadonlyMap<string, readonly Span[]>,
  detections: ReadonlyMap<string, readonly Detection[]>,
): Score {
  let planted = 0;
  let found = 0;
  let total = 0;
  let falsePositives = 0;
  const byType = new Map<string, [number, number]>();
  const falsePositiveSamples: { path: string; detection: Detection }[] = [];
  const paths = new Set([...truth.keys(), ...detections.keys()]);
  for (const path of paths) {
    const spans = truth.get(path) ?? [];
    const found_ = detections.get(path) ?? [];
    for (const span of spans) {
      const hit = found_.some((detection) => overlaps(span, detection));
      planted++;
      if (hit) found++;
      const entry = byType.get(span.type) ?? [0, 0];
      byType.set(span.type, [entry[0] + (hit ? 1 : 0), entry[1] + 1]);
    }
    for (const detection of found_) {
      total++;
      if (!spans.some((span) => overlaps(span, detection))) {
        falsePositives++;
        falsePositiveSamples.push({ path, detection });
      }
    }
  }
  return {
    planted,
    found,
    detections: total,
    falsePositives,
    recall: planted === 0 ? 1 : found / planted,
    precision: total === 0 ? 1 : (total - falsePositives) / total,
    byType,
    falsePositiveSamples,
  };
}
