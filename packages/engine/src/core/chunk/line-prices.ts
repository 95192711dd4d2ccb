import type { FormatRenderer } from '../render/renderer.js';
import type { TokenCounter } from '../tokens/token-counter.js';
import type { ProcessedFile } from '../types.js';
import { at } from './line-index.js';

/**
 * Token prefix sums by line as the renderer writes them (`starts`: the file's line starts, see
 * lineStartsOf). Verbatim formats reuse the counts the count stage made; other formats encode
 * every line (once per file) and count the encoded text in one pass, plus one token per line for
 * the escaped newline.
 */
export function priceLines(
  file: ProcessedFile,
  starts: Uint32Array,
  renderer: FormatRenderer,
  counter: TokenCounter,
): Uint32Array {
  const lines = starts.length - 1;
  if (renderer.embedsVerbatim) {
    if (file.linePrefix.length === lines + 1) return file.linePrefix;
    return counter.countLines(file.content);
  }
  const encoded: string[] = [];
  let raw = false;
  for (let line = 0; line < lines; line++) {
    const text = file.content.slice(at(starts, line), at(starts, line + 1));
    const body = renderer.encodeLine(text.endsWith('\n') ? text.slice(0, -1) : text);
    if (body.includes('\n')) raw = true;
    encoded.push(body);
  }
  const prefix = new Uint32Array(lines + 1);
  if (raw) {
    // An encoding that keeps raw newlines would shift the line mapping: count line by line.
    for (let line = 0; line < lines; line++) {
      prefix[line + 1] = at(prefix, line) + counter.count(encoded[line] ?? '') + 1;
    }
    return prefix;
  }
  const joined = counter.countLines(encoded.join('\n'));
  for (let line = 0; line <= lines; line++)
    prefix[line] = at(joined, Math.min(line, joined.length - 1)) + line;
  return prefix;
}

/** One line (its "\n" included or not) priced alone: its encoded text, plus one for its newline. */
export function priceLineAlone(
  text: string,
  renderer: FormatRenderer,
  counter: TokenCounter,
): number {
  return counter.count(renderer.encodeLine(text.endsWith('\n') ? text.slice(0, -1) : text)) + 1;
}
