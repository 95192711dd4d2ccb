// The output browser's folder tree:
// built once from the flat file list, then flattened into the rows on screen.

export interface TreeFile {
  path: string;
  name: string;
  size: number;
}

export interface TreeNode {
  path: string;
  name: string;
  isDir: boolean;
  depth: number;
  children: TreeNode[];
  /** The file, for a leaf. */
  file: TreeFile | null;
  /** Files below a folder (itself for a file). */
  fileCount: number;
  /** Bytes below a folder (its own size for a file). */
  size: number;
}

export interface TreeRow {
  node: TreeNode;
  expanded: boolean;
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Folders first, then files; names compared with numbers as numbers (chunk-2 before chunk-10). */
function sortNodes(nodes: TreeNode[]): void {
  nodes.sort((a, b) =>
    a.isDir !== b.isDir ? (a.isDir ? -1 : 1) : collator.compare(a.name, b.name),
  );
  for (const node of nodes) if (node.isDir) sortNodes(node.children);
}

function total(node: TreeNode): void {
  if (!node.isDir) return;
  node.fileCount = 0;
  node.size = 0;
  for (const child of node.children) {
    total(child);
    node.fileCount += child.fileCount;
    node.size += child.size;
  }
}

/** Builds the tree; `a/b/c.md` makes folders `a` and `a/b`. Returns the root's children. */
export function buildFileTree(files: readonly TreeFile[]): TreeNode[] {
  const root: TreeNode = {
    path: '',
    name: '',
    isDir: true,
    depth: -1,
    children: [],
    file: null,
    fileCount: 0,
    size: 0,
  };
  const folders = new Map<string, TreeNode>([['', root]]);
  const folderOf = (path: string): TreeNode => {
    const existing = folders.get(path);
    if (existing) return existing;
    const cut = path.lastIndexOf('/');
    const parent = folderOf(cut < 0 ? '' : path.slice(0, cut));
    const node: TreeNode = {
      path,
      name: path.slice(cut + 1),
      isDir: true,
      depth: parent.depth + 1,
      children: [],
      file: null,
      fileCount: 0,
      size: 0,
    };
    parent.children.push(node);
    folders.set(path, node);
    return node;
  };
  for (const file of files) {
    const cut = file.path.lastIndexOf('/');
    const parent = folderOf(cut < 0 ? '' : file.path.slice(0, cut));
    parent.children.push({
      path: file.path,
      name: file.path.slice(cut + 1),
      isDir: false,
      depth: parent.depth + 1,
      children: [],
      file,
      fileCount: 1,
      size: file.size,
    });
  }
  sortNodes(root.children);
  total(root);
  return root.children;
}

/** Every folder path of the tree: the browser starts with all of them open. */
export function allFolders(nodes: readonly TreeNode[], into = new Set<string>()): Set<string> {
  for (const node of nodes) {
    if (!node.isDir) continue;
    into.add(node.path);
    allFolders(node.children, into);
  }
  return into;
}

/**
 * The rows on screen. Without a search, folders show their children when expanded. With one,
 * only files whose path contains it (case-insensitive) are kept, with their folders, all open.
 */
export function flattenTree(
  nodes: readonly TreeNode[],
  expanded: ReadonlySet<string>,
  search = '',
): TreeRow[] {
  const needle = search.trim().toLowerCase();
  const rows: TreeRow[] = [];
  const visit = (list: readonly TreeNode[]): boolean => {
    let any = false;
    for (const node of list) {
      if (!node.isDir) {
        if (needle && !node.path.toLowerCase().includes(needle)) continue;
        rows.push({ node, expanded: false });
        any = true;
        continue;
      }
      const at = rows.length;
      const open = needle !== '' || expanded.has(node.path);
      rows.push({ node, expanded: open });
      if (!open) {
        any = true;
        continue;
      }
      if (visit(node.children) || !needle) any = true;
      else rows.length = at;
    }
    return any;
  };
  visit(nodes);
  return rows;
}

/** Files in tree order: the order previous/next walks through in the full-screen viewer. */
export function filesInOrder(nodes: readonly TreeNode[], into: TreeFile[] = []): TreeFile[] {
  for (const node of nodes) {
    if (node.file) into.push(node.file);
    else filesInOrder(node.children, into);
  }
  return into;
}

/** The file selected first: the one whose name starts with "overview", else the first one. */
export function initialFile(files: readonly TreeFile[]): TreeFile | null {
  return files.find((file) => file.name.toLowerCase().startsWith('overview')) ?? files[0] ?? null;
}
