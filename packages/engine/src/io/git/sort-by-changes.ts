/**
 * Orders files so that the most often changed come last, where a model reading the bundle pays
 * them the most attention; files changed equally often (or never) keep a stable order by path.
 */
export function sortByChanges<T extends { readonly path: string }>(
  files: readonly T[],
  changeCounts: ReadonlyMap<string, number>,
): T[] {
  const countOf = (file: T) => changeCounts.get(file.path) ?? 0;
  return [...files].sort(
    (a, b) => countOf(a) - countOf(b) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0),
  );
}
