// Rough character sets of regular-expression atoms (ASCII exactly, everything else as one
// bucket), enough to tell whether two adjacent repeats can match the same characters.

export interface CharSet {
  readonly ascii: Uint8Array;
  nonAscii: boolean;
}

export function emptySet(): CharSet {
  return { ascii: new Uint8Array(128), nonAscii: false };
}

function fullSet(): CharSet {
  return { ascii: new Uint8Array(128).fill(1), nonAscii: true };
}

function addRange(set: CharSet, from: number, to: number): void {
  for (let c = from; c <= to; c++) {
    if (c < 128) set.ascii[c] = 1;
    else set.nonAscii = true;
  }
}

export function addSet(target: CharSet, source: CharSet): void {
  for (let c = 0; c < 128; c++) if (source.ascii[c]) target.ascii[c] = 1;
  target.nonAscii ||= source.nonAscii;
}

function complement(set: CharSet): CharSet {
  const result = emptySet();
  for (let c = 0; c < 128; c++) result.ascii[c] = set.ascii[c] ? 0 : 1;
  result.nonAscii = true;
  return result;
}

export function intersects(a: CharSet, b: CharSet): boolean {
  if (a.nonAscii && b.nonAscii) return true;
  for (let c = 0; c < 128; c++) if (a.ascii[c] && b.ascii[c]) return true;
  return false;
}

const DIGIT = (): CharSet => {
  const set = emptySet();
  addRange(set, 48, 57);
  return set;
};
const WORD = (): CharSet => {
  const set = DIGIT();
  addRange(set, 65, 90);
  addRange(set, 97, 122);
  set.ascii[95] = 1;
  return set;
};
const SPACE = (): CharSet => {
  const set = emptySet();
  // Unicode spaces are left out so that \s and \S stay disjoint, as they are.
  for (const c of [9, 10, 11, 12, 13, 32]) set.ascii[c] = 1;
  return set;
};

/** The set of an escape `\x` (class shorthands, or the escaped character itself). */
export function escapeSet(letter: string): CharSet {
  switch (letter) {
    case 'd':
      return DIGIT();
    case 'D':
      return complement(DIGIT());
    case 'w':
      return WORD();
    case 'W':
      return complement(WORD());
    case 's':
      return SPACE();
    case 'S':
      return complement(SPACE());
    case 'n':
      return literalSet('\n');
    case 't':
      return literalSet('\t');
    case 'r':
      return literalSet('\r');
    case 'u':
    case 'x':
    case 'p':
    case 'P':
      return fullSet();
    default:
      return literalSet(letter);
  }
}

export function literalSet(char: string): CharSet {
  const set = emptySet();
  addRange(set, char.charCodeAt(0), char.charCodeAt(0));
  return set;
}

export function dotSet(): CharSet {
  const set = fullSet();
  set.ascii[10] = 0;
  set.ascii[13] = 0;
  return set;
}

/** The set of a class `[...]` given its source between the brackets. */
export function classSet(body: string): CharSet {
  const negated = body.startsWith('^');
  const set = emptySet();
  let i = negated ? 1 : 0;
  while (i < body.length) {
    let item: CharSet | undefined;
    let code = body.charCodeAt(i);
    if (body[i] === '\\') {
      item = escapeSet(body[i + 1] ?? '\\');
      code = (body[i + 1] ?? '\\').charCodeAt(0);
      i += 2;
    } else {
      i += 1;
    }
    if (item && item.nonAscii) {
      addSet(set, item);
      continue;
    }
    if (body[i] === '-' && i + 1 < body.length) {
      const end = body[i + 1] === '\\' ? (body[i + 2] ?? '').charCodeAt(0) : body.charCodeAt(i + 1);
      i += body[i + 1] === '\\' ? 3 : 2;
      addRange(set, Math.min(code, end), Math.max(code, end));
    } else if (item) {
      addSet(set, item);
    } else {
      addRange(set, code, code);
    }
  }
  return negated ? complement(set) : set;
}
