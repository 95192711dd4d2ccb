/**
 * Content sniffing on the start of a file, byte-level only, so a multi-byte UTF-8 character cut
 * at the sample boundary cannot make a text file look binary (validity is checked later on the
 * whole file).
 */
export const SNIFF_LENGTH = 8192;

/** More than this share of stray control characters means binary. */
const MAX_CONTROL_SHARE = 0.1;

/** Control characters that do occur in text: backspace, tab, LF, VT, FF, CR, ESC (ANSI colours). */
function isStrayControl(code: number): boolean {
  if (code === 0x7f) return true;
  if (code >= 0x20) return false;
  return !(
    code === 0x08 ||
    code === 0x09 ||
    code === 0x0a ||
    code === 0x0b ||
    code === 0x0c ||
    code === 0x0d ||
    code === 0x1b
  );
}

/** A NUL byte, or too many stray control bytes, in the first {@link SNIFF_LENGTH} bytes. */
export function looksBinary(bytes: Uint8Array): boolean {
  const length = Math.min(bytes.length, SNIFF_LENGTH);
  let controls = 0;
  for (let i = 0; i < length; i++) {
    const byte = bytes[i]!;
    if (byte === 0) return true;
    if (isStrayControl(byte)) controls++;
  }
  return controls > length * MAX_CONTROL_SHARE;
}

/** The same test on decoded text, for UTF-16 where NUL bytes are part of every ASCII char. */
export function looksBinaryText(text: string): boolean {
  const length = Math.min(text.length, SNIFF_LENGTH);
  let controls = 0;
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0) return true;
    if (isStrayControl(code)) controls++;
  }
  return controls > length * MAX_CONTROL_SHARE;
}
