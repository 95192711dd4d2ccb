// Test support only (imported by *.test.ts): a real BPE counter over tiktoken's WASM build.
import { get_encoding } from 'tiktoken';
import type { Tiktoken } from 'tiktoken';
import type { EncodingName } from '../../../config/options.js';
import type { TokenCounter } from '../../tokens/token-counter.js';
import { computeLineStarts } from '../line-index.js';

export interface DisposableCounter extends TokenCounter {
  free(): void;
}

/**
 * `countLines` attributes each token to the line its first byte lies in, which is what the real
 * counter's pre-token rule gives for all but tokens of a pre-token spanning a line end.
 */
export function createTiktokenCounter(encoding: EncodingName = 'o200k_base'): DisposableCounter {
  const tiktoken: Tiktoken = get_encoding(encoding);
  const utf8 = new TextEncoder();
  return {
    encoding,
    count: (text) => tiktoken.encode_ordinary(text).length,
    countLines(text) {
      const starts = computeLineStarts(text);
      const lines = starts.length - 1;
      const byteStarts = new Float64Array(lines + 1);
      for (let line = 0; line <= lines; line++) {
        byteStarts[line] = utf8.encode(text.slice(0, starts[line])).length;
      }
      const prefix = new Uint32Array(lines + 1);
      let byte = 0;
      let line = 0;
      let seen = 0;
      for (const token of tiktoken.encode_ordinary(text)) {
        while (line < lines && byte >= (byteStarts[line + 1] ?? 0)) prefix[++line] = seen;
        seen++;
        byte += tiktoken.decode_single_token_bytes(token).length;
      }
      while (line < lines) prefix[++line] = seen;
      return prefix;
    },
    fitPrefix(text, maxTokens) {
      // The bytes of the first maxTokens tokens, backed off to a whole character.
      const tokens = tiktoken.encode_ordinary(text);
      let bytes = 0;
      for (const token of tokens.slice(0, maxTokens)) {
        bytes += tiktoken.decode_single_token_bytes(token).length;
      }
      let length = 0;
      let used = 0;
      for (const char of text) {
        const size = utf8.encode(char).length;
        if (used + size > bytes) break;
        used += size;
        length += char.length;
      }
      return { length, tokens: tiktoken.encode_ordinary(text.slice(0, length)).length };
    },
    free: () => tiktoken.free(),
  };
}
