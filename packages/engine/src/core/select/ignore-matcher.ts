import { compileIgnorePattern, trimTrailingSpaces } from './ignore-pattern.js';
import type { IgnorePattern } from './ignore-pattern.js';
import { toByteString } from './wildmatch.js';

/** The text of one ignore file and where it sits: `dir` is '' for the root, else `a/b`. */
export interface IgnoreSource {
  readonly dir: string;
  /** Shown in reports, e.g. `src/.gitignore` or `custom`. */
  readonly source: string;
  readonly content: string;
}

/** Git's reading of an ignore file: BOM, CRLF, blank lines, `#` comments, trailing spaces. */
export function parseIgnoreFile(file: IgnoreSource): IgnorePattern[] {
  const base = file.dir === '' ? '' : `${file.dir}/`;
  const text = file.content.startsWith('\uFEFF') ? file.content.slice(1) : file.content;
  const patterns: IgnorePattern[] = [];
  const lines = text.split('\n');
  lines.forEach((raw, index) => {
    if (raw === '' || raw.startsWith('#')) return;
    const line = trimTrailingSpaces(raw.endsWith('\r') ? raw.slice(0, -1) : raw);
    const pattern = compileIgnorePattern(line, { base, source: file.source, line: index + 1 });
    if (pattern) patterns.push(pattern);
  });
  return patterns;
}

function parentOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? '' : path.slice(0, slash);
}

/**
 * Decides paths against a set of ignore files the way git does: deeper files before shallower
 * ones, the last matching line of a file wins, and nothing below an ignored folder can be
 * re-included. Decisions per folder are cached, so a tree of 100,000 files costs one pattern scan
 * per file plus one per folder.
 */
export class IgnoreMatcher {
  private readonly byDir = new Map<string, IgnorePattern[]>();
  private readonly listsCache = new Map<string, readonly IgnorePattern[][]>();
  private readonly folderCache = new Map<string, IgnorePattern | null>();

  constructor(sources: readonly IgnoreSource[]) {
    for (const source of sources) {
      const patterns = parseIgnoreFile(source);
      const existing = this.byDir.get(source.dir);
      if (existing) existing.push(...patterns);
      else this.byDir.set(source.dir, patterns);
    }
  }

  /**
   * The pattern that decides `path`: a non-negated one means ignored, a negated one means
   * explicitly re-included, undefined means no pattern matched. `parent` may be passed when
   * the caller already has it, saving a slice per file.
   */
  decide(
    path: string,
    isDirectory: boolean,
    parent: string = parentOf(path),
  ): IgnorePattern | undefined {
    const excludedFolder = this.folderDecision(parent);
    if (excludedFolder) return excludedFolder;
    return this.lastMatch(path, isDirectory, this.listsFor(parent));
  }

  isIgnored(path: string, isDirectory: boolean, parent: string = parentOf(path)): boolean {
    const pattern = this.decide(path, isDirectory, parent);
    return pattern !== undefined && !pattern.negated;
  }

  /** The non-negated pattern that excludes `folder` or one of its ancestors, else null. */
  private folderDecision(folder: string): IgnorePattern | null {
    if (folder === '') return null;
    const cached = this.folderCache.get(folder);
    if (cached !== undefined) return cached;
    const parent = parentOf(folder);
    let decision = this.folderDecision(parent);
    if (!decision) {
      const match = this.lastMatch(folder, true, this.listsFor(parent));
      decision = match && !match.negated ? match : null;
    }
    this.folderCache.set(folder, decision);
    return decision;
  }

  /** Pattern lists that apply to entries of `folder`, deepest file first. */
  private listsFor(folder: string): readonly IgnorePattern[][] {
    const cached = this.listsCache.get(folder);
    if (cached) return cached;
    const own = this.byDir.get(folder);
    const inherited = folder === '' ? [] : this.listsFor(parentOf(folder));
    const lists = own && own.length > 0 ? [own, ...inherited] : inherited;
    this.listsCache.set(folder, lists);
    return lists;
  }

  private lastMatch(
    path: string,
    isDirectory: boolean,
    lists: readonly IgnorePattern[][],
  ): IgnorePattern | undefined {
    if (lists.length === 0) return undefined;
    const bytes = toByteString(path);
    const basename = bytes.slice(bytes.lastIndexOf('/') + 1);
    for (const patterns of lists) {
      for (let i = patterns.length - 1; i >= 0; i--) {
        const pattern = patterns[i]!;
        if (pattern.directoryOnly && !isDirectory) continue;
        if (pattern.matches(bytes, basename)) return pattern;
      }
    }
    return undefined;
  }
}
