import { matchPatterns } from '../select/match-patterns.js';
import { focusScores } from './focus-relevance.js';
import { buildImportGraph } from './import-graph.js';
import type { ImportReference } from './imports/import-reference.js';
import type { FileRole } from './file-role.js';
import { roleOf } from './file-role.js';

export interface RankInput {
  readonly path: string;
  readonly language: string;
  /** The file as transformed (full level): what relevance and imports are read from. */
  readonly content: string;
  /** Its imports from the syntax tree, when it had one (else they are read by pattern). */
  readonly imports?: readonly ImportReference[] | undefined;
}

export interface RankSignals {
  readonly keepPatterns: readonly string[];
  readonly focus?: string | undefined;
  /** How many commits changed each file, when the input is a git repository. */
  readonly changeCounts?: ReadonlyMap<string, number> | undefined;
}

/** One file's place in the order and what put it there. */
export interface RankedFile {
  readonly path: string;
  readonly kept: boolean;
  readonly relevance: number;
  readonly changes: number;
  readonly importers: number;
  /** Its own imports were read by pattern: no syntax tree (strings and comments may count). */
  readonly importsByPattern: boolean;
  readonly role: FileRole;
  /** 1 is the most important file. */
  readonly rank: number;
  /** The signals in words, e.g. "rank 3/40: kept, 2 importers, source". */
  readonly reason: string;
}

/**
 * Orders files from most to least important: files matching a keep pattern first, then by
 * relevance to the focus text, by how often git history changed them, by how many files import
 * them, by role (tests, fixtures, generated, vendored, lock and data files last), and finally by
 * path, so the order never depends on the input's order.
 */
export function rankFiles(files: readonly RankInput[], signals: RankSignals): RankedFile[] {
  const kept = keptPaths(files, signals.keepPatterns);
  const relevance =
    signals.focus === undefined ? files.map(() => 0) : focusScores(signals.focus, files);
  const graph = buildImportGraph(files);
  const unranked = files.map((file, index) => ({
    path: file.path,
    kept: kept.has(file.path),
    // Rounded so that a last-digit difference of floating point never reorders files.
    relevance: Math.round((relevance[index] ?? 0) * 1e6) / 1e6,
    changes: signals.changeCounts?.get(file.path) ?? 0,
    importers: graph.importers.get(file.path) ?? 0,
    importsByPattern: graph.byPattern.has(file.path),
    role: roleOf(file.path),
  }));
  unranked.sort(
    (a, b) =>
      Number(b.kept) - Number(a.kept) ||
      b.relevance - a.relevance ||
      b.changes - a.changes ||
      b.importers - a.importers ||
      b.role.rank - a.role.rank ||
      (a.path < b.path ? -1 : a.path > b.path ? 1 : 0),
  );
  const total = unranked.length;
  return unranked.map((file, index) => ({
    ...file,
    rank: index + 1,
    reason: describeRank(file, index + 1, total),
  }));
}

/**
 * "rank 12/240: focus 1.20, 3 commits, 2 importers, test": the signals that set the file apart,
 * in the order they count, and "imports by pattern" when the file's own imports were read
 * without a syntax tree. Short, and silent about what is usual (no commits, no importers, a
 * source file): the overview lists it for every file and counts against the budget.
 */
function describeRank(
  file: Omit<RankedFile, 'rank' | 'reason'>,
  rank: number,
  total: number,
): string {
  const parts = [
    ...(file.kept ? ['kept'] : []),
    ...(file.relevance > 0 ? [`focus ${file.relevance.toFixed(2)}`] : []),
    ...(file.changes > 0 ? [`${file.changes} commit${file.changes === 1 ? '' : 's'}`] : []),
    ...(file.importers > 0 ? [`${file.importers} importer${file.importers === 1 ? '' : 's'}`] : []),
    ...(file.role.name === 'source' ? [] : [file.role.name]),
    ...(file.importsByPattern ? ['imports by pattern'] : []),
  ];
  return parts.length === 0
    ? `rank ${rank}/${total}`
    : `rank ${rank}/${total}: ${parts.join(', ')}`;
}

/** Paths matching a keep pattern (gitignore syntax), directly or through a folder. */
function keptPaths(files: readonly RankInput[], patterns: readonly string[]): Set<string> {
  if (patterns.length === 0) return new Set();
  const queries: string[] = [];
  const owner: string[] = [];
  for (const file of files) {
    const parts = file.path.split('/');
    for (let depth = 1; depth < parts.length; depth++) {
      queries.push(`${parts.slice(0, depth).join('/')}/`);
      owner.push(file.path);
    }
    queries.push(file.path);
    owner.push(file.path);
  }
  const kept = new Set<string>();
  matchPatterns(patterns, queries).forEach((match, index) => {
    if (match.ignored) kept.add(owner[index] as string);
  });
  return kept;
}
