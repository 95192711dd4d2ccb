/**
 * Line geometry of a text, matching `countLinesOf`: lines are the pieces split on "\n", each line
 * owns its "\n", and a trailing "\n" does not start a new line.
 */

/**
 * Offsets of the line starts: `lines + 1` entries, the last one is `text.length`. `lines`, when
 * known (a processed file's), spares the pass that counts them; a wrong one is only slower.
 */
export function computeLineStarts(text: string, lines?: number): Uint32Array {
  if (text.length === 0) return Uint32Array.of(0);
  const known = lines === undefined ? undefined : fillLineStarts(text, lines);
  if (known) return known;
  return countedLineStarts(text);
}

/** The line starts of a text said to have `lines` lines, or undefined when it has not. */
function fillLineStarts(text: string, lines: number): Uint32Array | undefined {
  if (!Number.isInteger(lines) || lines < 1) return undefined;
  const starts = new Uint32Array(lines + 1);
  let line = 1;
  for (let at = text.indexOf('\n'); at !== -1 && at !== text.length - 1;) {
    if (line === lines) return undefined;
    starts[line++] = at + 1;
    at = text.indexOf('\n', at + 1);
  }
  if (line !== lines) return undefined;
  starts[lines] = text.length;
  return starts;
}

function countedLineStarts(text: string): Uint32Array {
  // Counted first, then filled: a typed array of the right size, no growing list of numbers.
  let lines = 1;
  for (let at = text.indexOf('\n'); at !== -1 && at !== text.length - 1;) {
    lines++;
    at = text.indexOf('\n', at + 1);
  }
  const starts = new Uint32Array(lines + 1);
  let line = 1;
  for (let at = text.indexOf('\n'); at !== -1 && at !== text.length - 1;) {
    starts[line++] = at + 1;
    at = text.indexOf('\n', at + 1);
  }
  starts[lines] = text.length;
  return starts;
}

type WithContent = { readonly content: string; readonly lines?: number };

const startsOfFiles = new WeakMap<WithContent, Uint32Array>();
/** A copy of a file (the same content under another path) and the file it copies. */
const copied = new WeakMap<WithContent, WithContent>();

/**
 * The line starts of a processed file's content, computed once per content: chunking, the chunk
 * counts and the analytics all ask for them, and copies share the original's.
 */
export function lineStartsOf(file: WithContent): Uint32Array {
  const owner = copied.get(file) ?? file;
  let starts = startsOfFiles.get(owner);
  if (!starts) {
    starts = computeLineStarts(owner.content, owner.lines);
    startsOfFiles.set(owner, starts);
  }
  return starts;
}

/** Records that `copy` holds `original`'s content, so that its line starts are computed once. */
export function shareLineStarts(copy: WithContent, original: WithContent): void {
  if (copy.content === original.content) copied.set(copy, copied.get(original) ?? original);
}

/** 0-based line holding `offset` (an offset equal to the text length belongs to no line: `lines`). */
export function lineAt(starts: Uint32Array, offset: number): number {
  const lines = starts.length - 1;
  if (offset >= (starts[lines] ?? 0)) return lines;
  let low = 0;
  let high = lines - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((starts[middle] ?? 0) <= offset) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** True when `offset` is the start of a line or the end of the text (a cut there is a line end). */
export function isLineEnd(starts: Uint32Array, offset: number): boolean {
  const line = lineAt(starts, offset);
  return line === starts.length - 1 || starts[line] === offset;
}

/** Reads an entry of a typed array that is known to exist (keeps `noUncheckedIndexedAccess` quiet). */
export function at(values: Uint32Array, index: number): number {
  const value = values[index];
  if (value === undefined) throw new RangeError(`index ${index} outside 0..${values.length - 1}`);
  return value;
}
