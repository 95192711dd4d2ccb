/**
 * Git's wildmatch (the matcher behind .gitignore), reimplemented step for step on the same
 * algorithm so that its edge cases (`**` only special between slashes, `[]a]`, `[!...]`, `[[:alpha:]]`,
 * escapes, aborts that stop useless backtracking) behave exactly as in git.
 *
 * Git compares bytes, so both pattern and text are first turned into "byte strings" (one UTF-16
 * code unit per UTF-8 byte) by {@link toByteString}; `?` then matches one byte, as in git.
 */

const MATCH = 0;
const NOMATCH = 1;
const ABORT_ALL = -1;
const ABORT_TO_STARSTAR = -2;

type Outcome = typeof MATCH | typeof NOMATCH | typeof ABORT_ALL | typeof ABORT_TO_STARSTAR;

const SLASH = 0x2f;
const BACKSLASH = 0x5c;
const STAR = 0x2a;
const QUESTION = 0x3f;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COLON = 0x3a;
const DASH = 0x2d;
const BANG = 0x21;
const CARET = 0x5e;
const END = -1;

const NON_ASCII = /[\u0080-\uffff]/;
const encoder = new TextEncoder();

/** UTF-8 bytes of `text`, one char per byte; ASCII text is returned unchanged (the common case). */
export function toByteString(text: string): string {
  if (!NON_ASCII.test(text)) return text;
  const bytes = encoder.encode(text);
  let out = '';
  for (const byte of bytes) out += String.fromCharCode(byte);
  return out;
}

/** True when `text` matches the glob `pattern`; `pathname` makes `*`, `?` and classes stop at `/`. */
export function wildmatch(pattern: string, text: string, pathname: boolean): boolean {
  return doWild(pattern, 0, text, 0, pathname) === MATCH;
}

function at(s: string, i: number): number {
  return i < s.length ? s.charCodeAt(i) : END;
}

function isGlobSpecial(c: number): boolean {
  return c === STAR || c === QUESTION || c === OPEN_BRACKET || c === BACKSLASH;
}

function doWild(p: string, pi: number, t: string, ti: number, pathname: boolean): Outcome {
  for (; pi < p.length; ti++, pi++) {
    let pc = p.charCodeAt(pi);
    let tc = at(t, ti);
    if (tc === END && pc !== STAR) return ABORT_ALL;
    switch (pc) {
      case BACKSLASH:
        // Literal match with the next pattern char; a trailing backslash matches nothing.
        pc = at(p, ++pi);
        if (tc !== pc) return NOMATCH;
        continue;
      case QUESTION:
        if (pathname && tc === SLASH) return NOMATCH;
        continue;
      case STAR: {
        let matchSlash: boolean;
        if (at(p, ++pi) === STAR) {
          const prev = pi - 2;
          while (at(p, ++pi) === STAR) {
            // collapse any run of stars
          }
          const next = at(p, pi);
          if (!pathname) {
            matchSlash = true; // without WM_PATHNAME, `**` is just `*`
          } else if (
            (prev < 0 || p.charCodeAt(prev) === SLASH) &&
            (next === END || next === SLASH || (next === BACKSLASH && at(p, pi + 1) === SLASH))
          ) {
            // `**/` may match nothing at all: try the rest of the pattern right here first.
            if (next === SLASH && doWild(p, pi + 1, t, ti, pathname) === MATCH) return MATCH;
            matchSlash = true;
          } else {
            matchSlash = false;
          }
        } else {
          matchSlash = !pathname;
        }
        if (pi >= p.length) {
          // A trailing `**` matches everything; a trailing `*` only if no slash is left.
          if (!matchSlash && t.indexOf('/', ti) !== -1) return NOMATCH;
          return MATCH;
        }
        if (!matchSlash && p.charCodeAt(pi) === SLASH) {
          // One star followed by a slash matches up to the next slash of the text.
          const slash = t.indexOf('/', ti);
          if (slash === -1) return NOMATCH;
          ti = slash;
          break;
        }
        for (;;) {
          if (tc === END) break;
          const literal = p.charCodeAt(pi);
          if (!isGlobSpecial(literal)) {
            // Skip ahead to the next occurrence of the literal that follows the star.
            while ((tc = at(t, ti)) !== END && (matchSlash || tc !== SLASH)) {
              if (tc === literal) break;
              ti++;
            }
            if (tc !== literal) return matchSlash ? ABORT_ALL : ABORT_TO_STARSTAR;
          }
          const matched = doWild(p, pi, t, ti, pathname);
          if (matched !== NOMATCH) {
            if (!matchSlash || matched !== ABORT_TO_STARSTAR) return matched;
          } else if (!matchSlash && tc === SLASH) {
            return ABORT_TO_STARSTAR;
          }
          tc = at(t, ++ti);
        }
        return ABORT_ALL;
      }
      case OPEN_BRACKET: {
        const result = matchClass(p, pi, tc);
        if (result.end === END) return ABORT_ALL;
        pi = result.end;
        if (!result.matched || (pathname && tc === SLASH)) return NOMATCH;
        continue;
      }
      default:
        if (tc !== pc) return NOMATCH;
        continue;
    }
  }
  return ti < t.length ? NOMATCH : MATCH;
}

interface ClassResult {
  /** Whether `tc` belongs to the class (negation applied). */
  readonly matched: boolean;
  /** Index of the closing `]`, or END when the class is malformed (git aborts the whole match). */
  readonly end: number;
}

/** Evaluates the bracket expression that opens at `p[open]` against the text char `tc`. */
function matchClass(p: string, open: number, tc: number): ClassResult {
  const fail: ClassResult = { matched: false, end: END };
  let pi = open + 1;
  let pc = at(p, pi);
  if (pc === CARET) pc = BANG;
  const negated = pc === BANG;
  if (negated) pc = at(p, ++pi);
  let prev = 0;
  let matched = false;
  do {
    if (pc === END) return fail;
    if (pc === BACKSLASH) {
      pc = at(p, ++pi);
      if (pc === END) return fail;
      if (tc === pc) matched = true;
    } else if (
      pc === DASH &&
      prev !== 0 &&
      at(p, pi + 1) !== END &&
      at(p, pi + 1) !== CLOSE_BRACKET
    ) {
      pc = at(p, ++pi);
      if (pc === BACKSLASH) {
        pc = at(p, ++pi);
        if (pc === END) return fail;
      }
      if (tc <= pc && tc >= prev) matched = true;
      pc = 0; // a range end cannot start another range
    } else if (pc === OPEN_BRACKET && at(p, pi + 1) === COLON) {
      const start = (pi += 2);
      while ((pc = at(p, pi)) !== END && pc !== CLOSE_BRACKET) pi++;
      if (pc === END) return fail;
      const length = pi - start - 1;
      if (length < 0 || p.charCodeAt(pi - 1) !== COLON) {
        // No `:]`: the `[` was an ordinary member of the set.
        pi = start - 2;
        pc = OPEN_BRACKET;
        if (tc === pc) matched = true;
      } else {
        const member = isInNamedClass(p.slice(start, start + length), tc);
        if (member === undefined) return fail;
        if (member) matched = true;
        pc = 0;
      }
    } else if (tc === pc) {
      matched = true;
    }
    prev = pc;
    pc = at(p, ++pi);
  } while (pc !== CLOSE_BRACKET);
  return { matched: matched !== negated, end: pi };
}

/** `[:name:]` classes of git (ASCII only, like its ctype); undefined for an unknown name. */
function isInNamedClass(name: string, c: number): boolean | undefined {
  const test = NAMED_CLASSES.get(name);
  return test ? test(c) : undefined;
}

const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;
const isUpper = (c: number): boolean => c >= 0x41 && c <= 0x5a;
const isLower = (c: number): boolean => c >= 0x61 && c <= 0x7a;
const isAlpha = (c: number): boolean => isUpper(c) || isLower(c);
const isPrint = (c: number): boolean => c >= 0x20 && c <= 0x7e;
const isSpace = (c: number): boolean => c === 0x20 || (c >= 0x09 && c <= 0x0d);

// A Map, not an object literal, so that `[[:constructor:]]` is unknown rather than inherited.
const NAMED_CLASSES: ReadonlyMap<string, (c: number) => boolean> = new Map<
  string,
  (c: number) => boolean
>([
  ['alnum', (c) => isAlpha(c) || isDigit(c)],
  ['alpha', isAlpha],
  ['blank', (c) => c === 0x20 || c === 0x09],
  ['cntrl', (c) => (c >= 0 && c < 0x20) || c === 0x7f],
  ['digit', isDigit],
  ['graph', (c) => isPrint(c) && c !== 0x20],
  ['lower', isLower],
  ['print', isPrint],
  ['punct', (c) => isPrint(c) && c !== 0x20 && !isAlpha(c) && !isDigit(c)],
  ['space', isSpace],
  ['upper', isUpper],
  ['xdigit', (c) => isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66)],
]);

/** Index of the `]` closing the class that opens at `glob[open]`, or -1 if it never closes. */
export function classEnd(glob: string, open: number): number {
  const { end } = matchClass(glob, open, 0);
  return end === END ? -1 : end;
}

/**
 * Why a glob can never match as written (an unclosed `[`, an unknown `[:class:]`, a trailing
 * backslash), found with the same class parser the matcher uses; undefined when it is sound.
 */
export function findGlobError(glob: string): string | undefined {
  for (let i = 0; i < glob.length; i++) {
    const c = glob.charCodeAt(i);
    if (c === BACKSLASH) {
      if (i + 1 >= glob.length) return 'it ends with an unescaped backslash, so it can never match';
      i++;
    } else if (c === OPEN_BRACKET) {
      const { end } = matchClass(glob, i, 0);
      if (end === END) {
        const unknown = /\[:([^\]]*):\]/.exec(glob.slice(i + 1));
        if (unknown && !NAMED_CLASSES.has(unknown[1] ?? '')) {
          return `[:${unknown[1] ?? ''}:] is not a character class`;
        }
        return `the "[" at position ${i + 1} is never closed`;
      }
      i = end;
    }
  }
  return undefined;
}
