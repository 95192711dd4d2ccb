/** Base64 characters decoded at a time (1 MB pieces); a multiple of 4. */
export const BASE64_PIECE_CHARS = 1024 * 1024;

/**
 * Decodes base64 in pieces, yielding to the browser between them so that a 200 MB repository
 * does not freeze the page, and reporting the share done. Throws on text that is not base64.
 */
export async function decodeBase64InPieces(
  text: string,
  onProgress?: (fraction: number) => void,
): Promise<Uint8Array<ArrayBuffer>> {
  if (text.length % 4 !== 0) throw new Error('The base64 text has a broken length.');
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const bytes = new Uint8Array((text.length / 4) * 3 - padding);
  let offset = 0;
  for (let start = 0; start < text.length; start += BASE64_PIECE_CHARS) {
    const piece = atob(text.slice(start, start + BASE64_PIECE_CHARS));
    for (let index = 0; index < piece.length; index++) bytes[offset++] = piece.charCodeAt(index);
    onProgress?.(Math.min(1, (start + BASE64_PIECE_CHARS) / text.length));
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return bytes;
}
