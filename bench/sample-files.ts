import { readdir } from 'node:fs/promises';
import path from 'node:path';

/** Files under `root` whose names match, depth first in name order (the same list every run). */
export async function listFiles(root: string, name: RegExp): Promise<string[]> {
  const found: string[] = [];
  const visit = async (dir: string): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true });
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await visit(full);
      else if (entry.isFile() && name.test(entry.name)) found.push(full);
    }
  };
  await visit(root);
  return found;
}

/** Every `step`-th element, so a sample spreads over the whole sorted list. */
export function spread<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items];
  const step = items.length / count;
  return Array.from({ length: count }, (_, i) => items[Math.floor(i * step)] as T);
}
