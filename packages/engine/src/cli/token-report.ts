/** What a bundle is made of, by tokens: the largest files and a folder tree. */

export interface FileTokens {
  readonly path: string;
  readonly tokens: number;
}

export interface TopFile {
  readonly path: string;
  readonly tokens: number;
  /** Share of all files' tokens, 0 to 1. */
  readonly share: number;
}

export interface TreeRow {
  readonly path: string;
  readonly kind: 'folder' | 'file';
  /** 0 for the top level. */
  readonly depth: number;
  readonly tokens: number;
  readonly share: number;
}

function totalOf(files: readonly FileTokens[]): number {
  return files.reduce((sum, file) => sum + file.tokens, 0);
}

/** The `count` files with the most tokens, ties in path order. */
export function topFiles(files: readonly FileTokens[], count: number): TopFile[] {
  const total = totalOf(files);
  return [...files]
    .sort((a, b) => b.tokens - a.tokens || (a.path < b.path ? -1 : 1))
    .slice(0, count)
    .map((file) => ({ path: file.path, tokens: file.tokens, share: share(file.tokens, total) }));
}

interface Folder {
  tokens: number;
  readonly folders: Map<string, Folder>;
  readonly files: Map<string, number>;
}

/**
 * Folders and files to `depth` levels, each with its tokens; within a folder, the largest
 * first. Files deeper than `depth` count towards their folder only.
 */
export function tokenTree(files: readonly FileTokens[], depth: number): TreeRow[] {
  const root: Folder = { tokens: 0, folders: new Map(), files: new Map() };
  for (const file of files) {
    const parts = file.path.split('/');
    let folder = root;
    folder.tokens += file.tokens;
    for (const part of parts.slice(0, -1)) {
      let next = folder.folders.get(part);
      if (!next) {
        next = { tokens: 0, folders: new Map(), files: new Map() };
        folder.folders.set(part, next);
      }
      next.tokens += file.tokens;
      folder = next;
    }
    folder.files.set(parts[parts.length - 1] as string, file.tokens);
  }
  const rows: TreeRow[] = [];
  const total = root.tokens;
  const walk = (folder: Folder, prefix: string, level: number) => {
    if (level >= depth) return;
    const children = [
      ...[...folder.folders].map(([name, child]) => ({ name, tokens: child.tokens, child })),
      ...[...folder.files].map(([name, tokens]) => ({ name, tokens, child: undefined })),
    ].sort((a, b) => b.tokens - a.tokens || (a.name < b.name ? -1 : 1));
    for (const { name, tokens, child } of children) {
      const path = `${prefix}${name}`;
      rows.push({
        path: child ? `${path}/` : path,
        kind: child ? 'folder' : 'file',
        depth: level,
        tokens,
        share: share(tokens, total),
      });
      if (child) walk(child, `${path}/`, level + 1);
    }
  };
  walk(root, '', 0);
  return rows;
}

function share(tokens: number, total: number): number {
  return total === 0 ? 0 : tokens / total;
}

const number = new Intl.NumberFormat('en-US');
const percent = (value: number): string => `${(value * 100).toFixed(1)}%`;

export function formatTopFiles(rows: readonly TopFile[]): string[] {
  if (rows.length === 0) return [];
  const width = Math.max(...rows.map((row) => row.path.length));
  return [
    `Top ${rows.length} file${rows.length === 1 ? '' : 's'} by tokens:`,
    ...rows.map(
      (row, index) =>
        `  ${String(index + 1).padStart(2)}. ${row.path.padEnd(width)}  ${number.format(row.tokens).padStart(9)}  ${percent(row.share).padStart(6)}`,
    ),
  ];
}

export function formatTokenTree(rows: readonly TreeRow[]): string[] {
  if (rows.length === 0) return [];
  const label = (row: TreeRow) =>
    `${'  '.repeat(row.depth)}${row.path.split('/').filter(Boolean).pop()}${row.kind === 'folder' ? '/' : ''}`;
  const width = Math.max(...rows.map((row) => label(row).length));
  return [
    'Token tree:',
    ...rows.map(
      (row) =>
        `  ${label(row).padEnd(width)}  ${number.format(row.tokens).padStart(9)}  ${percent(row.share).padStart(6)}`,
    ),
  ];
}
