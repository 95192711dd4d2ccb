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

function writeNode(node: TreeNode, depth: number, lines: string[]): void {
  const indent = '  '.repeat(depth);
  for (const name of [...node.folders.keys()].sort(compareNames)) {
    lines.push(`${indent}${name}/`);
    writeNode(node.folders.get(name) ?? createNode(), depth + 1, lines);
  }
  for (const name of [...node.files].sort(compareNames)) {
    lines.push(`${indent}${name}`);
  }
}

/**
 * The directory tree of the included files for the overview: folders first (with a trailing
 * `/`), then files, each level sorted by name and indented two spaces; one entry per line, no
 * final newline. Paths are POSIX-style and relative; duplicates are shown once.
 */
export function renderTree(paths: readonly string[]): string {
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
  writeNode(root, 0, lines);
  return lines.join('\n');
}
