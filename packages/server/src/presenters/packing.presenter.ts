import {
  JOB_PACKED_FILES,
  PACK_LEVELS,
  type JobPacking,
  type PackedFile,
  type PackLevel,
} from '@repobundle/contract';

/** What the engine says of one processed file when it packed to a budget. */
export interface PackedInput {
  readonly path: string;
  readonly level?: PackLevel;
  readonly levelReason?: string;
}

const rank = (level: PackLevel) => PACK_LEVELS.indexOf(level);

/**
 * A budgeted job's packing as the job keeps it: the budget, files per level, and each file's
 * level with its reason. Files the packer left without a level were kept whole. The list is
 * capped at JOB_PACKED_FILES, least kept first, so what a cap drops is the files kept whole.
 */
export function presentPacking(
  budget: number,
  files: readonly PackedInput[],
  used?: number,
): JobPacking {
  const levels: Record<PackLevel, number> = {
    full: 0,
    no_comments: 0,
    signatures: 0,
    path_only: 0,
  };
  const packed = files.map((file): PackedFile => {
    const level = file.level ?? 'full';
    levels[level] += 1;
    return { path: file.path, level, level_reason: file.levelReason ?? null };
  });
  // Stable: files of one level keep the bundle's order.
  packed.sort((a, b) => rank(b.level) - rank(a.level));
  return {
    budget,
    ...(used !== undefined && { used }),
    levels,
    files: packed.slice(0, JOB_PACKED_FILES),
    files_truncated: packed.length > JOB_PACKED_FILES,
  };
}
