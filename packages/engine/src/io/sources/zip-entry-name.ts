import { crc32 } from 'node:zlib';

/**
 * Decides what a ZIP entry's raw name bytes mean. yauzl runs with `decodeStrings: false`, so the
 * judgement is ours: we never fall back to CP437 guessing, because a name we cannot read
 * reliably is a name we cannot show, match against patterns or deduplicate reliably.
 */
export type DecodedEntryName =
  | { readonly ok: true; readonly name: string }
  | { readonly ok: false; readonly display: string; readonly reason: string };

export interface RawNameSource {
  readonly fileNameRaw: Uint8Array;
  readonly generalPurposeBitFlag: number;
  readonly extraFields: readonly { readonly id: number; readonly data: Uint8Array }[];
}

const UTF8_FLAG = 0x800;
const INFO_ZIP_UNICODE_PATH = 0x7075;
// Kept BOM: a name starting with U+FEFF is a different name, not an encoding marker.
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lenientUtf8 = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });
// C0 controls, DEL and C1 controls: never part of a real file name, and they garble terminals.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex -- as above
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/g;

export function decodeEntryName(source: RawNameSource): DecodedEntryName {
  const unicodePath = findUnicodePath(source);
  const bytes = unicodePath ?? source.fileNameRaw;
  const decoded = decodeUtf8(bytes);
  if (decoded === undefined) {
    const isFlagged = unicodePath !== undefined || (source.generalPurposeBitFlag & UTF8_FLAG) !== 0;
    const reason = isFlagged
      ? 'its name is marked as UTF-8 but is not valid UTF-8'
      : 'its name is neither ASCII nor UTF-8 (legacy code-page names are not supported)';
    return { ok: false, display: displayName(lenientUtf8.decode(bytes)), reason };
  }
  const control = CONTROL_CHARACTER.exec(decoded);
  if (control) {
    const codePoint = control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
    const reason = `its name contains the control character U+${codePoint}`;
    return { ok: false, display: displayName(decoded), reason };
  }
  return { ok: true, name: decoded };
}

/** Escapes control characters so a hostile name cannot rewrite the line it is shown on. */
export function displayName(name: string): string {
  return name.replace(
    CONTROL_CHARACTERS,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * Info-ZIP tools store a UTF-8 copy of a legacy-encoded name in extra field 0x7075; the spec says
 * to use it only when its CRC matches the header name, so a stale copy is ignored.
 */
function findUnicodePath(source: RawNameSource): Uint8Array | undefined {
  for (const field of source.extraFields) {
    if (field.id !== INFO_ZIP_UNICODE_PATH || field.data.length < 6 || field.data[0] !== 1) {
      continue;
    }
    const view = Buffer.from(field.data.buffer, field.data.byteOffset, field.data.byteLength);
    if (view.readUInt32LE(1) === crc32(source.fileNameRaw)) return field.data.subarray(5);
  }
  return undefined;
}
