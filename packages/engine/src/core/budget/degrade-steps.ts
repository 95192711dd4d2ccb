import type { PackLevel } from '@repobundle/contract/models';
import type { RankedFile } from './rank-files.js';

/** A level below full that a file can be moved to. */
export type LowerLevel = Exclude<PackLevel, 'full'>;

/** One step of degradation: this file goes down to this level. */
export interface DegradeStep {
  readonly path: string;
  readonly level: LowerLevel;
}

const LOWER_LEVELS: readonly LowerLevel[] = ['no_comments', 'signatures', 'path_only'];

/**
 * The order files are cut down in, as one list: a budget takes the shortest prefix that fits.
 * Files matching a keep pattern are touched only after every other file is down to its path.
 * Within each group, level by level: every file loses its comments (least important first)
 * before any is cut to signatures, and every file is cut to signatures before any is reduced to
 * its path, so a tight budget keeps the outline of the whole repository rather than all of a few
 * files.
 */
export function degradeSteps(ranked: readonly RankedFile[]): DegradeStep[] {
  const leastFirst = [...ranked].sort((a, b) => b.rank - a.rank);
  const groups = [leastFirst.filter((file) => !file.kept), leastFirst.filter((file) => file.kept)];
  return groups.flatMap((group) =>
    LOWER_LEVELS.flatMap((level) => group.map((file) => ({ path: file.path, level }))),
  );
}
