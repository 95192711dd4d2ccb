import { classEnd, toByteString, wildmatch } from './wildmatch.js';

/**
 * One compiled line of a .gitignore (or a custom pattern in gitignore syntax), parsed as git's
 * `parse_path_pattern` does and matched as its `match_basename` / `match_pathname` do.
 */
export interface IgnorePattern {
  /** The line as written, after git's trailing-space trimming; shown to people. */
  readonly text: string;
  readonly negated: boolean;
  /** Trailing `/`: matches directories only. */
  readonly directoryOnly: boolean;
  /** The folder (with trailing `/`, or '') of the file that holds the pattern; anchors it. */
  readonly base: string;
  /** True when the pattern tests the path relative to `base` rather than the basename. */
  readonly anchored: boolean;
  /** Where the pattern came from (`src/.gitignore`, or `custom`), and its 1-based line. */
  readonly source: string;
  readonly line: number;
  /** Tests a path (POSIX, relative to the tree root, in byte-string form) and its basename. */
  matches(path: string, basename: string): boolean;
}

export interface PatternOrigin {
  readonly base: string;
  readonly source: string;
  readonly line: number;
}

const WILDCARDS = /[*?[\\]/;

/** Git's `trim_trailing_spaces`: drops unescaped trailing spaces (not tabs). */
export function trimTrailingSpaces(line: string): string {
  let lastSpace = -1;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === ' ') {
      if (lastSpace === -1) lastSpace = i;
    } else if (c === '\\') {
      i++;
      if (i >= line.length) return line;
      lastSpace = -1;
    } else {
      lastSpace = -1;
    }
  }
  return lastSpace === -1 ? line : line.slice(0, lastSpace);
}

/**
 * Compiles one already trimmed, non-comment line; undefined when it can match nothing (empty
 * after removing `!` and the trailing `/`).
 */
export function compileIgnorePattern(
  text: string,
  origin: PatternOrigin,
): IgnorePattern | undefined {
  let body = text;
  const negated = body.startsWith('!');
  if (negated) body = body.slice(1);
  const directoryOnly = body.endsWith('/');
  if (directoryOnly) body = body.slice(0, -1);
  if (body === '') return undefined;
  const anchored = body.includes('/');
  if (anchored && body.startsWith('/')) body = body.slice(1);
  const glob = toByteString(body);
  const base = toByteString(origin.base);
  const matches = anchored ? pathMatcher(glob, base) : basenameMatcher(glob);
  return {
    text,
    negated,
    directoryOnly,
    base: origin.base,
    anchored,
    source: origin.source,
    line: origin.line,
    matches,
  };
}

type Matcher = (path: string, basename: string) => boolean;

/** A pattern without a slash tests the basename at any depth (no WM_PATHNAME, as in git). */
function basenameMatcher(glob: string): Matcher {
  if (!WILDCARDS.test(glob)) return (_path, basename) => basename === glob;
  const rest = glob.slice(1);
  if (glob.startsWith('*') && !WILDCARDS.test(rest)) {
    return (_path, basename) => basename.endsWith(rest);
  }
  const prefix = literalPrefix(glob);
  const needle = requiredLiteral(glob);
  return (_path, basename) =>
    basename.startsWith(prefix) && basename.includes(needle) && wildmatch(glob, basename, false);
}

/** A pattern with a slash tests the path relative to the .gitignore's folder, with WM_PATHNAME. */
function pathMatcher(glob: string, base: string): Matcher {
  const prefix = literalPrefix(glob);
  const isLiteral = prefix.length === glob.length;
  const needle = requiredLiteral(glob);
  return (path) => {
    if (base !== '' && !path.startsWith(base)) return false;
    const relative = base === '' ? path : path.slice(base.length);
    if (isLiteral) return relative === glob;
    return (
      relative.startsWith(prefix) && relative.includes(needle) && wildmatch(glob, relative, true)
    );
  };
}

/** The part before the first wildcard, which must match literally (git's `nowildcardlen`). */
function literalPrefix(glob: string): string {
  const index = glob.search(WILDCARDS);
  return index === -1 ? glob : glob.slice(0, index);
}

/**
 * The longest run of plain characters that any match must contain, so most paths are refused
 * by one `includes` before wildmatch runs (a double-star pattern around `generated` needs that
 * word). Slashes are left out because a leading double star may consume the slash after it, and
 * bracket classes are skipped whole.
 */
export function requiredLiteral(glob: string): string {
  let best = '';
  let run = '';
  const endRun = (): void => {
    if (run.length > best.length) best = run;
    run = '';
  };
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '[') {
      endRun();
      const close = classEnd(glob, i);
      if (close === -1) return best;
      i = close;
    } else if (c === '\\' || c === '*' || c === '?' || c === '/') {
      endRun();
      if (c === '\\') i++;
    } else {
      run += c;
    }
  }
  endRun();
  return best;
}
