/**
 * Byte strings: a UTF-8 byte sequence held as a JS string with one char (0-255) per byte.
 * They key the rank table, so an ASCII pre-token is its own key and needs no conversion.
 */

/** True when every UTF-16 unit of `text` is below 0x80. */
export function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) >= 0x80) return false;
  return true;
}

/**
 * The UTF-8 bytes of `text` as a byte string. A lone surrogate becomes U+FFFD (EF BF BD), as
 * TextEncoder does, which is what tiktoken's WASM build receives for such input.
 */
export function toByteString(text: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c < 0x80) {
      bytes.push(c);
      continue;
    }
    if (c < 0x800) {
      bytes.push(0xc0 | (c >> 6), 0x80 | (c & 0x3f));
      continue;
    }
    if (c >= 0xd800 && c <= 0xdfff) {
      const low = i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
      if (c <= 0xdbff && low >= 0xdc00 && low <= 0xdfff) {
        c = 0x10000 + ((c - 0xd800) << 10) + (low - 0xdc00);
        i++;
        bytes.push(
          0xf0 | (c >> 18),
          0x80 | ((c >> 12) & 0x3f),
          0x80 | ((c >> 6) & 0x3f),
          0x80 | (c & 0x3f),
        );
        continue;
      }
      c = 0xfffd;
    }
    bytes.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f));
  }
  return fromBytes(bytes);
}

/** A byte string from raw byte values (chunked: spreading huge arrays overflows the stack). */
export function fromBytes(bytes: readonly number[]): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 8192) {
    out += String.fromCharCode(...bytes.slice(i, i + 8192));
  }
  return out;
}
