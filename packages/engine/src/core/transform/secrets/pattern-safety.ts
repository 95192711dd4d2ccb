// A static check of user regular expressions against catastrophic backtracking. It rejects the
// shapes that make backtracking exponential: a repeated group that itself contains a repeat with
// no bound (star height above 1: (a+)+, (\w*\s?)*, (x{2,})+), a repeated group whose
// alternatives can match the same text ((a|a)*, (a|ab)+), and the usual polynomial one: two
// unbounded repeats in a row over overlapping characters (\d+\d+, .*.*). What it lets through is
// bounded at run time (search windows of a few KB, per-file time budget).
import type { CharSet } from './char-sets.js';
import {
  addSet,
  classSet,
  dotSet,
  emptySet,
  escapeSet,
  intersects,
  literalSet,
} from './char-sets.js';

interface Frame {
  hasRepeat: boolean;
  hasUnbounded: boolean;
  alternatives: string[];
  alternativeStart: number;
  /** Every character the group's atoms can match. */
  chars: CharSet;
  /** The atom just before, in the current alternative. */
  previous?: { chars: CharSet; unbounded: boolean };
}

function newFrame(alternativeStart: number): Frame {
  return {
    hasRepeat: false,
    hasUnbounded: false,
    alternatives: [],
    alternativeStart,
    chars: emptySet(),
  };
}

interface Quantifier {
  readonly length: number;
  readonly repeats: boolean;
  readonly unbounded: boolean;
}

function readQuantifier(source: string, at: number): Quantifier | undefined {
  const char = source[at];
  let length: number;
  let repeats = false;
  let unbounded = false;
  if (char === '*' || char === '+') {
    length = 1;
    repeats = true;
    unbounded = true;
  } else if (char === '?') {
    length = 1;
  } else if (char === '{') {
    const bounds = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(at));
    if (!bounds) return undefined;
    length = bounds[0].length;
    const min = Number(bounds[1]);
    const max = bounds[2] === undefined ? min : bounds[3] === '' ? Infinity : Number(bounds[3]);
    repeats = max > 1;
    unbounded = max === Infinity;
  } else {
    return undefined;
  }
  if (source[at + length] === '?') length++;
  return { length, repeats, unbounded };
}

/** Index just past a character class starting at `at` ('['). */
function skipClass(source: string, at: number): number {
  let i = at + 1;
  if (source[i] === '^') i++;
  if (source[i] === ']') i++;
  while (i < source.length && source[i] !== ']') i += source[i] === '\\' ? 2 : 1;
  return i + 1;
}

function groupPrefixLength(source: string, at: number): number {
  const match = /^\(\?(?::|=|!|<=|<!|<[A-Za-z_$][\w$]*>)?/.exec(source.slice(at));
  return match ? match[0].length : 1;
}

function overlappingAlternatives(alternatives: readonly string[]): boolean {
  if (alternatives.length < 2) return false;
  return alternatives.some((a, i) =>
    alternatives.some((b, j) => i !== j && (a === '' || b.startsWith(a))),
  );
}

/** One atom: where it ends, the group it closes (if any), and the characters it can match. */
interface Atom {
  readonly end: number;
  readonly inner?: Frame;
  readonly chars?: CharSet;
}

/**
 * Reads the atom at `at`, or handles a group opening or a `|` (returning the index to go on
 * from). `stack` is the open groups, innermost last.
 */
function readAtom(source: string, at: number, stack: Frame[]): Atom | number {
  const frame = stack[stack.length - 1] as Frame;
  const char = source[at] ?? '';
  if (char === '\\') {
    const letter = source[at + 1] ?? '\\';
    return { end: at + 2, ...(!/[bB]/.test(letter) && { chars: escapeSet(letter) }) };
  }
  if (char === '[') {
    const end = skipClass(source, at);
    return { end, chars: classSet(source.slice(at + 1, end - 1)) };
  }
  if (char === '(') {
    const prefix = groupPrefixLength(source, at);
    stack.push(newFrame(at + prefix));
    return at + prefix;
  }
  if (char === '|') {
    frame.alternatives.push(source.slice(frame.alternativeStart, at));
    frame.alternativeStart = at + 1;
    frame.previous = undefined;
    return at + 1;
  }
  if (char === ')' && stack.length > 1) {
    stack.pop();
    if (frame.alternatives.length > 0)
      frame.alternatives.push(source.slice(frame.alternativeStart, at));
    return { end: at + 1, inner: frame, chars: frame.chars };
  }
  if (char === '^' || char === '$') return { end: at + 1 };
  return { end: at + 1, chars: char === '.' ? dotSet() : literalSet(char) };
}

/** Records a quantified atom in its enclosing group; returns the risk it adds, if any. */
function addAtom(outer: Frame, atom: Atom, quantifier: Quantifier | undefined): string | undefined {
  const { inner, chars } = atom;
  if (inner) {
    if (quantifier?.repeats && inner.hasRepeat && (quantifier.unbounded || inner.hasUnbounded)) {
      return 'a repeated group contains another repeat, as in (a+)+: this can take exponential time';
    }
    if (quantifier?.unbounded && overlappingAlternatives(inner.alternatives)) {
      return 'a repeated group has alternatives that match the same text, as in (a|ab)*: this can take exponential time';
    }
    outer.hasRepeat ||= inner.hasRepeat;
    outer.hasUnbounded ||= inner.hasUnbounded;
  }
  if (quantifier) {
    outer.hasRepeat ||= quantifier.repeats;
    outer.hasUnbounded ||= quantifier.unbounded;
  }
  if (chars) {
    const unbounded = quantifier?.unbounded ?? false;
    if (unbounded && outer.previous?.unbounded && intersects(outer.previous.chars, chars)) {
      return 'two repeats in a row can match the same characters, as in \\d+\\d+: this can take polynomial time';
    }
    outer.previous = { chars, unbounded };
    addSet(outer.chars, chars);
  }
  return undefined;
}

/** Why the pattern risks catastrophic backtracking, or undefined when it looks safe. */
export function findBacktrackingRisk(source: string): string | undefined {
  const stack: Frame[] = [newFrame(0)];
  let i = 0;
  while (i < source.length) {
    const atom = readAtom(source, i, stack);
    if (typeof atom === 'number') {
      i = atom;
      continue;
    }
    const quantifier = readQuantifier(source, atom.end);
    const risk = addAtom(stack[stack.length - 1] as Frame, atom, quantifier);
    if (risk) return risk;
    i = atom.end + (quantifier?.length ?? 0);
  }
  return undefined;
}
