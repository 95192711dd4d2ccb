/**
 * When a file is not valid UTF-8 we fall back to windows-1252 only where that is very likely
 * right: Western European text written by older editors, with a few accented letters among
 * ASCII. Cyrillic, Greek or CJK legacy encodings put their letters in runs of high bytes; for
 * those windows-1252 would produce confident mojibake, so we refuse and report instead.
 */

/** Bytes windows-1252 leaves undefined: their presence means another encoding. */
const UNDEFINED_IN_1252 = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);

/** Runs of this many high bytes are words of a non-Latin script, not accents. */
const LONG_RUN = 3;

export function isPlausibleWindows1252(bytes: Uint8Array): boolean {
  let high = 0;
  let inLongRuns = 0;
  let run = 0;
  const closeRun = (): void => {
    if (run >= LONG_RUN) inLongRuns += run;
    run = 0;
  };
  for (const byte of bytes) {
    if (byte < 0x80) {
      closeRun();
      continue;
    }
    if (UNDEFINED_IN_1252.has(byte)) return false;
    high++;
    run++;
  }
  closeRun();
  return high > 0 && high <= bytes.length * 0.2 && inLongRuns <= high * 0.2;
}

/** Offset of the first byte that breaks UTF-8 (overlongs, surrogates and > U+10FFFF included). */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i]!;
    let need: number;
    let min: number;
    if (lead < 0x80) {
      i++;
      continue;
    } else if (lead >= 0xc2 && lead <= 0xdf) {
      need = 1;
      min = 0x80;
    } else if (lead >= 0xe0 && lead <= 0xef) {
      need = 2;
      min = 0x800;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      need = 3;
      min = 0x10000;
    } else {
      return i;
    }
    let code = lead & (0x3f >> need);
    for (let k = 1; k <= need; k++) {
      const next = bytes[i + k];
      if (next === undefined || (next & 0xc0) !== 0x80) return i;
      code = (code << 6) | (next & 0x3f);
    }
    if (code < min || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return i;
    i += need + 1;
  }
  return -1;
}

/** windows-1252 code points for 0x80..0x9F (WHATWG); the rest of the bytes are Latin-1. */
const C1_TO_1252 = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152,
  0x8d, 0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122,
  0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

/**
 * Decodes windows-1252 by hand: Node 20's TextDecoder('windows-1252') is really Latin-1 and
 * turns 0x80 (€) and the curly quotes into C1 control characters.
 */
export function decodeWindows1252(bytes: Uint8Array): string {
  const parts: string[] = [];
  const CHUNK = 8192;
  for (let start = 0; start < bytes.length; start += CHUNK) {
    const codes = Array.from(bytes.subarray(start, start + CHUNK), (byte) =>
      byte >= 0x80 && byte <= 0x9f ? C1_TO_1252[byte - 0x80]! : byte,
    );
    parts.push(String.fromCharCode(...codes));
  }
  return parts.join('');
}
