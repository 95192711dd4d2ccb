/** Helpers for counting text held as UTF-8 bytes (see BpeTokenCounter.countUtf8). */

// Keeps a U+FEFF that starts a slice: only the file's own leading BOM is dropped.
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/** Length of the UTF-8 byte order mark `bytes` start with (TextDecoder drops it), else 0. */
export function bomLength(bytes: Uint8Array): number {
  return bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
}

/** Up to this many bytes, valid UTF-8 is decoded here: a TextDecoder call costs microseconds. */
const SHORT_TEXT = 256;

/** The text of UTF-8 bytes with U+FFFD for invalid sequences, a leading U+FEFF kept. */
export function decodeUtf8(bytes: Uint8Array): string {
  return (bytes.length <= SHORT_TEXT && decodeValidUtf8(bytes)) || decoder.decode(bytes);
}

const units: number[] = [];

/**
 * The text of `bytes` if they are valid UTF-8 (shortest forms, no surrogates, nothing past
 * U+10FFFF), else undefined: TextDecoder alone knows how to replace what is invalid.
 */
function decodeValidUtf8(bytes: Uint8Array): string | undefined {
  const n = bytes.length;
  units.length = 0;
  for (let i = 0; i < n;) {
    const lead = bytes[i]!;
    if (lead < 0x80) {
      units.push(lead);
      i++;
      continue;
    }
    let need: number;
    let code: number;
    // The second byte's range is narrower after E0, ED, F0 and F4 (no overlong forms, no
    // surrogates, nothing past U+10FFFF).
    let low = 0x80;
    let high = 0xbf;
    if (lead >= 0xc2 && lead <= 0xdf) {
      need = 1;
      code = lead & 0x1f;
    } else if (lead >= 0xe0 && lead <= 0xef) {
      need = 2;
      code = lead & 0x0f;
      if (lead === 0xe0) low = 0xa0;
      else if (lead === 0xed) high = 0x9f;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      need = 3;
      code = lead & 0x07;
      if (lead === 0xf0) low = 0x90;
      else if (lead === 0xf4) high = 0x8f;
    } else {
      return undefined;
    }
    if (i + need >= n) return undefined;
    for (let k = 1; k <= need; k++) {
      const next = bytes[i + k]!;
      if (k === 1 ? next < low || next > high : next < 0x80 || next > 0xbf) return undefined;
      code = (code << 6) | (next & 0x3f);
    }
    i += need + 1;
    if (code > 0xffff) {
      code -= 0x10000;
      units.push(0xd800 | (code >> 10), 0xdc00 | (code & 0x3ff));
    } else {
      units.push(code);
    }
  }
  return String.fromCharCode.apply(null, units);
}

const APOSTROPHE = 39;

/**
 * The first offset after `from` where an ASCII letter is followed by an ASCII char that is neither
 * a letter nor an apostrophe, else bytes.length. Every split pattern ends a pre-token there: the
 * letter belongs to a run of letters (or ends a contraction), which stops at the first char that
 * is not a letter unless a contraction follows; and the pre-tokens from there on depend only on
 * the text from there on. An ASCII byte also ends any UTF-8 sequence, so decoding up to it splits
 * no char.
 */
export function nextWordEnd(bytes: Uint8Array, from: number): number {
  const n = bytes.length;
  for (let i = from + 1; i < n; i++) {
    const c = bytes[i]!;
    if (c >= 0x80 || c === APOSTROPHE || isAsciiLetter(c)) continue;
    if (isAsciiLetter(bytes[i - 1]!)) return i;
  }
  return n;
}

function isAsciiLetter(c: number): boolean {
  const lower = c | 0x20;
  return lower >= 97 && lower <= 122;
}

/** The string of ASCII bytes[from, to): a byte string, as the rank table keys pieces. */
export function asciiString(bytes: Uint8Array, from: number, to: number): string {
  if (to - from <= 4096) return charsOf(bytes, from, to);
  // In slices: a huge argument list overflows the stack.
  let out = '';
  for (let at = from; at < to; at += 4096) out += charsOf(bytes, at, Math.min(to, at + 4096));
  return out;
}

function charsOf(bytes: Uint8Array, from: number, to: number): string {
  // fromCharCode takes any array-like.
  return String.fromCharCode.apply(null, bytes.subarray(from, to) as unknown as number[]);
}

/** UTF-16 units of the well-formed UTF-8 bytes[from, to): one per char, two past U+FFFF. */
export function utf16Length(bytes: Uint8Array, from: number, to: number): number {
  let units = 0;
  for (let i = from; i < to; i++) {
    const c = bytes[i]!;
    if ((c & 0xc0) !== 0x80) units += c >= 0xf0 ? 2 : 1;
  }
  return units;
}
