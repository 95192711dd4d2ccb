import { isBinaryExtension } from '@repobundle/contract/files';
import type { SkipReason } from '../types.js';
import { decodeWindows1252, firstInvalidUtf8, isPlausibleWindows1252 } from './legacy-encoding.js';
import { looksBinary, looksBinaryText } from './sniff-binary.js';

/** How the bytes were read; `utf-8-bom` had its BOM stripped, as do both UTF-16 forms. */
export type TextEncodingName = 'utf-8' | 'utf-8-bom' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export type DecodeResult =
  | { readonly ok: true; readonly text: string; readonly encoding: TextEncodingName }
  | { readonly ok: false; readonly reason: SkipReason };

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const utf16le = new TextDecoder('utf-16le', { fatal: true, ignoreBOM: true });
const utf16be = new TextDecoder('utf-16be', { fatal: true, ignoreBOM: true });

const skip = (reason: SkipReason): DecodeResult => ({ ok: false, reason });

/**
 * Turns a file's bytes into text or says why not: size cap, binary by extension, BOMs, binary by
 * content, strict UTF-8, then a guarded windows-1252 fallback. Line endings are left as they are.
 */
export function decodeText(path: string, bytes: Uint8Array, maxBytes: number): DecodeResult {
  if (bytes.length > maxBytes)
    return skip({ kind: 'too-large', size: bytes.length, limit: maxBytes });
  if (isBinaryExtension(path)) return skip({ kind: 'binary', by: 'extension' });
  const b0 = bytes[0];
  const b1 = bytes[1];
  if (b0 === 0xff && b1 === 0xfe) {
    if (bytes[2] === 0 && bytes[3] === 0) {
      return skip({ kind: 'undecodable', detail: 'UTF-32 text is not supported' });
    }
    return decodeUtf16(bytes.subarray(2), 'utf-16le');
  }
  if (b0 === 0xfe && b1 === 0xff) return decodeUtf16(bytes.subarray(2), 'utf-16be');
  if (b0 === 0 && b1 === 0 && bytes[2] === 0xfe && bytes[3] === 0xff) {
    return skip({ kind: 'undecodable', detail: 'UTF-32 text is not supported' });
  }
  const hasBom = b0 === 0xef && b1 === 0xbb && bytes[2] === 0xbf;
  const body = hasBom ? bytes.subarray(3) : bytes;
  if (looksBinary(body)) return skip({ kind: 'binary', by: 'content' });
  try {
    return { ok: true, text: utf8.decode(body), encoding: hasBom ? 'utf-8-bom' : 'utf-8' };
  } catch {
    return decodeLegacy(body, hasBom);
  }
}

function decodeUtf16(body: Uint8Array, encoding: 'utf-16le' | 'utf-16be'): DecodeResult {
  if (body.length % 2 !== 0) {
    return skip({ kind: 'undecodable', detail: `${encoding} text with an odd number of bytes` });
  }
  let text: string;
  try {
    text = (encoding === 'utf-16le' ? utf16le : utf16be).decode(body);
  } catch {
    return skip({ kind: 'undecodable', detail: `invalid ${encoding} (unpaired surrogate)` });
  }
  if (looksBinaryText(text)) return skip({ kind: 'binary', by: 'content' });
  return { ok: true, text, encoding };
}

function decodeLegacy(body: Uint8Array, hasBom: boolean): DecodeResult {
  // A UTF-8 BOM promises UTF-8, so a broken file with one is not reinterpreted.
  if (!hasBom && isPlausibleWindows1252(body)) {
    return { ok: true, text: decodeWindows1252(body), encoding: 'windows-1252' };
  }
  const offset = firstInvalidUtf8(body) + (hasBom ? 3 : 0);
  const byte = body[offset - (hasBom ? 3 : 0)] ?? 0;
  return skip({
    kind: 'undecodable',
    detail: `not valid UTF-8 (byte 0x${byte.toString(16).padStart(2, '0')} at offset ${offset}) and not recognisably windows-1252`,
  });
}
