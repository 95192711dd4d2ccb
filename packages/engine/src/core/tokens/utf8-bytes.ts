/** Helpers for counting text held as UTF-8 bytes (see BpeTokenCounter.countUtf8). */

// Keeps a U+FEFF that starts a slice: only the file's own leading BOM is dropped.
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/** Length of the UTF-8 byte order mark `bytes` start with (TextDecoder drops it), else 0. */
export function bomLength(bytes: Uint8Array): number {
  return bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
}

/** The text of UTF-8 bytes with U+FFFD for invalid sequences, a leading U+FEFF kept. */
export function decodeUtf8(bytes: Uint8Array): string {
  return decoder.decode(bytes);
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
  if (to - from <= 4096) return String.fromCharCode.apply(null, bytes.subarray(from, to) as never);
  let out = '';
  for (let at = from; at < to; at += 4096) {
    out += String.fromCharCode.apply(null, bytes.subarray(at, Math.min(to, at + 4096)) as never);
  }
  return out;
}
