import type { PackLevel } from '@repobundle/contract/models';
import { PACK_LEVELS } from '@repobundle/contract/models';

interface TreeNode {
  readonly folders: Map<string, TreeNode>;
  readonly files: Set<string>;
}

function createNode(): TreeNode {
  return { folders: new Map(), files: new Set() };
}

/** Case-insensitive first so `README.md` sits next to `readme.txt`, then by code point for a total order. */
function compareNames(a: string, b: string): number {
  const lowerA = a.toLowerCase();
  const lowerB = b.toLowerCase();
  if (lowerA !== lowerB) return lowerA < lowerB ? -1 : 1;
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

function writeNode(
  node: TreeNode,
  depth: number,
  lines: string[],
  folder: string,
  tags: ReadonlyMap<string, string> | undefined,
  suffixes: ReadonlyMap<string, string> | undefined,
): void {
  const indent = '  '.repeat(depth);
  for (const name of [...node.folders.keys()].sort(compareNames)) {
    lines.push(`${indent}${name}/`);
    const child = node.folders.get(name) ?? createNode();
    writeNode(child, depth + 1, lines, `${folder}${name}/`, tags, suffixes);
  }
  for (const name of [...node.files].sort(compareNames)) {
    const path = `${folder}${name}`;
    const tag = tags?.get(path);
    const suffix = suffixes?.get(path);
    const line = tag === undefined ? `${indent}${name}` : `${indent}${tag} ${name}`;
    lines.push(suffix === undefined ? line : `${line} ${suffix}`);
  }
}

/**
 * One character per level for the tree: with a budget every file line starts with its tag, so
 * the level of each file costs a token or so instead of a table column.
 */
export const LEVEL_TAGS: Readonly<Record<PackLevel, string>> = {
  full: 'F',
  no_comments: 'C',
  signatures: 'S',
  path_only: 'P',
};

/** "F full, C no_comments, S signatures, P path_only": the tags' legend. */
export function levelTagLegend(): string {
  return PACK_LEVELS.map((level) => `${LEVEL_TAGS[level]} ${level}`).join(', ');
}

/**
 * The directory tree of the included files for the overview: folders first (with a trailing
 * `/`), then files, each level sorted by name and indented two spaces; one entry per line, no
 * final newline. Paths are POSIX-style and relative; duplicates are shown once. With `tags` (by
 * path), a file's tag and a space come before its name; with `suffixes`, a space and its suffix
 * follow it.
 */
export function renderTree(
  paths: readonly string[],
  tags?: ReadonlyMap<string, string>,
  suffixes?: ReadonlyMap<string, string>,
): string {
  const root = createNode();
  for (const path of paths) {
    const parts = path.split('/').filter((part) => part !== '');
    const fileName = parts.pop();
    if (fileName === undefined) continue;
    let node = root;
    for (const folder of parts) {
      let child = node.folders.get(folder);
      if (!child) {
        child = createNode();
        node.folders.set(folder, child);
      }
      node = child;
    }
    node.files.add(fileName);
  }
  const lines: string[] = [];
  writeNode(root, 0, lines, '', tags, suffixes);
  return lines.join('\n');
}
