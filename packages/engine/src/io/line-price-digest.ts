import { createHash } from 'node:crypto';

/**
 * The key the line price memo keeps a text's prices under in one format: a collision-resistant
 * digest of both. Taken where the prices are made (a worker thread, beside the file's text), so
 * that the main thread need not hash every file's text again to remember them.
 */
export function linePriceDigest(format: string, text: string): string {
  return createHash('sha256').update(format).update('\0').update(text).digest('base64');
}
