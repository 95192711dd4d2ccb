import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { ancestorsOf, initialExpanded, type FileTree } from './file-tree.js';
import type { ExplorerSelection } from '../demo-handoff.js';
import {
  checksWithout,
  computeView,
  flattenRows,
  initialChecks,
  selectedFiles,
  setAllShown,
  toggleFile,
  toggleFolder,
  uncheckedPaths,
} from './tree-state.js';

export const FONT_MIN = 8;
export const FONT_MAX = 18;
export const FONT_DEFAULT = 12;

/**
 * The explorer's state for one archive: filters, checks, open folders, the previewed file.
 * `initial` brings back a selection made earlier on the same archive (the demo page's).
 */
export function useExplorer(tree: FileTree, initial?: ExplorerSelection) {
  const [languages, setLanguages] = useState<ReadonlySet<string>>(
    () => new Set(initial?.languages ?? tree.languages.map((entry) => entry.language)),
  );
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [flags, setFlags] = useState(() =>
    initial ? checksWithout(tree, initial.unchecked) : initialChecks(tree),
  );
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => initialExpanded(tree));
  const [activeFile, setActiveFile] = useState<number | null>(null);
  const [fontSize, setFontSize] = useState(FONT_DEFAULT);
  const [knownLines, setKnownLines] = useState<ReadonlyMap<number, number>>(() => new Map());

  const filter = useMemo(() => ({ languages, query: deferredQuery }), [languages, deferredQuery]);
  const view = useMemo(() => computeView(tree, filter, flags), [tree, filter, flags]);
  const rows = useMemo(() => flattenRows(tree, view, expanded), [tree, view, expanded]);
  const selected = useMemo(() => selectedFiles(tree, languages, flags), [tree, languages, flags]);

  const toggleLanguage = useCallback((language: string) => {
    setLanguages((current) => {
      const next = new Set(current);
      if (!next.delete(language)) next.add(language);
      return next;
    });
  }, []);

  const setAllLanguages = useCallback(
    (on: boolean) =>
      setLanguages(on ? new Set(tree.languages.map((entry) => entry.language)) : new Set()),
    [tree],
  );

  const onToggleFile = useCallback(
    (file: number) => setFlags((current) => toggleFile(tree, current, file)),
    [tree],
  );
  const onToggleFolder = useCallback(
    (folder: number) => setFlags((current) => toggleFolder(tree, view, current, folder)),
    [tree, view],
  );
  const setAll = useCallback(
    (value: boolean) => setFlags((current) => setAllShown(view, current, value)),
    [view],
  );

  const toggleExpanded = useCallback((folder: number) => {
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(folder)) next.add(folder);
      return next;
    });
  }, []);

  /** Opens every folder above a file (Locate in tree). */
  const expandTo = useCallback(
    (file: number) =>
      setExpanded((current) => {
        const next = new Set(current);
        for (const folder of ancestorsOf(tree, file)) next.add(folder);
        return next;
      }),
    [tree],
  );

  const rememberLines = useCallback((file: number, lines: number) => {
    setKnownLines((current) => {
      if (current.get(file) === lines) return current;
      const next = new Map(current);
      next.set(file, lines);
      return next;
    });
  }, []);

  const changeFont = useCallback(
    (delta: number) => setFontSize((size) => Math.min(FONT_MAX, Math.max(FONT_MIN, size + delta))),
    [],
  );

  /** The selection by path, to keep beyond this page. */
  const selection = useCallback(
    (): ExplorerSelection => ({
      unchecked: uncheckedPaths(tree, flags),
      languages: [...languages],
    }),
    [tree, flags, languages],
  );

  return {
    tree,
    selection,
    languages,
    toggleLanguage,
    setAllLanguages,
    query,
    setQuery,
    searching: deferredQuery.trim() !== '',
    flags,
    view,
    rows,
    selected,
    toggleFile: onToggleFile,
    toggleFolder: onToggleFolder,
    setAll,
    expanded,
    toggleExpanded,
    expandTo,
    activeFile,
    setActiveFile,
    fontSize,
    changeFont,
    knownLines,
    rememberLines,
  };
}

export type ExplorerState = ReturnType<typeof useExplorer>;
