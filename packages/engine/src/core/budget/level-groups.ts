import type { PackLevel } from '@repobundle/contract/models';
import { PACK_LEVELS } from '@repobundle/contract/models';
import type { RankedFile } from './rank-files.js';

/**
 * Why a set of files has the level it has. `paths` is absent for the one group per level that
 * holds every file of that level not named in another group, so the overview can state the
 * reason for hundreds of files in one line (the directory tree tags each file with its level).
 */
export interface LevelGroup {
  readonly level: PackLevel;
  readonly files: number;
  readonly reason: string;
  readonly paths?: readonly string[];
}

/**
 * Groups files by the reason for their level. Files pinned by a keep pattern or matching the
 * focus text are named one by one with their rank reason, and so are files with a `note` from
 * the packer (left at a level out of rank order, and why); every other file shares its level's
 * line, which says which ranks it holds and the signals that put them there.
 */
export function levelGroups(
  ranked: readonly RankedFile[],
  levels: ReadonlyMap<string, PackLevel>,
  notes: ReadonlyMap<string, string> = new Map(),
): LevelGroup[] {
  const byRank = [...ranked].sort((a, b) => a.rank - b.rank);
  const levelOf = (file: RankedFile): PackLevel => levels.get(file.path) ?? 'full';
  const named = (file: RankedFile): boolean =>
    file.kept || file.relevance > 0 || notes.has(file.path);
  const everyFileWhole = byRank.every((file) => levelOf(file) === 'full');
  const groups: LevelGroup[] = [];
  let above = 0;
  for (const level of PACK_LEVELS) {
    const ordinary = byRank.filter((file) => !named(file) && levelOf(file) === level);
    if (ordinary.length > 0) {
      groups.push({
        level,
        files: ordinary.length,
        reason: everyFileWhole
          ? 'every file fits the budget whole'
          : bandReason(level, ordinary, above, byRank.length),
      });
    }
    above += ordinary.length;
  }
  const byReason = new Map<string, { level: PackLevel; reason: string; paths: string[] }>();
  for (const file of byRank) {
    if (!named(file)) continue;
    const level = levelOf(file);
    const note = notes.get(file.path);
    // Kept and focus files differ in their signals; files out of order share the packer's note.
    const reason =
      file.kept || file.relevance > 0
        ? note === undefined
          ? file.reason
          : `${file.reason}; ${note}`
        : (note ?? file.reason);
    const key = `${level}\n${reason}`;
    const group = byReason.get(key) ?? { level, reason, paths: [] };
    group.paths.push(file.path);
    byReason.set(key, group);
  }
  for (const group of byReason.values()) groups.push({ ...group, files: group.paths.length });
  return groups;
}

/**
 * "cut to signatures: ranked below the 87 files above (ranks 88-789 of 920; no focus match, at
 * most 2 importers, source 690, test 12, imports of 3 read by pattern)".
 */
function bandReason(
  level: PackLevel,
  files: readonly RankedFile[],
  above: number,
  total: number,
): string {
  const first = files[0]?.rank ?? 0;
  const last = files[files.length - 1]?.rank ?? 0;
  const place =
    above === 0
      ? `the ${files.length} most important file${files.length === 1 ? '' : 's'}`
      : `ranked below the ${above} file${above === 1 ? '' : 's'} above`;
  const maxImporters = Math.max(...files.map((file) => file.importers));
  const maxChanges = Math.max(...files.map((file) => file.changes));
  // Files without a syntax tree: their imports were read by pattern (comments and strings count).
  const byPattern = files.filter((file) => file.importsByPattern).length;
  const roles = new Map<string, number>();
  for (const file of files) roles.set(file.role.name, (roles.get(file.role.name) ?? 0) + 1);
  const signals = [
    'no focus match',
    maxImporters === 0
      ? 'not imported'
      : `at most ${maxImporters} importer${maxImporters === 1 ? '' : 's'}`,
    ...(maxChanges > 0 ? [`at most ${maxChanges} commit${maxChanges === 1 ? '' : 's'}`] : []),
    [...roles]
      .sort((a, b) => (a[0] < b[0] ? -1 : 1))
      .map(([role, count]) => `${role} ${count}`)
      .join(', '),
    ...(byPattern > 0 ? [`imports of ${byPattern} read by pattern`] : []),
  ];
  const cut = level === 'full' ? '' : `${cutText(level)}: `;
  return `${cut}${place} (ranks ${first}-${last} of ${total}; ${signals.join(', ')})`;
}

function cutText(level: Exclude<PackLevel, 'full'>): string {
  return level === 'no_comments'
    ? 'comments removed'
    : level === 'signatures'
      ? 'cut to signatures'
      : 'listed by path';
}
