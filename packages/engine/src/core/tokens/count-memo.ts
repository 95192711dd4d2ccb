import type { TokenCounter } from './token-counter.js';

/** Texts longer than this are counted, never remembered: wrappers are short, content is not. */
export const MEMO_CHARS = 1024;

/**
 * Token counts of short texts, kept from one run to the next. The chunk stage counts the wrapper
 * of every file (its header and fences, which hold its path) and the joins between files: small
 * strings, thousands of them, the same ones each time the same folder is packed with the same
 * options. A text's count depends only on the tokenizer, so a count remembered for the same text
 * is exact: the memo changes how long counting takes, never what it answers.
 */
export class CountMemo {
  /** Counts this run used or made, in the order it first asked for them. */
  private readonly used = new Map<string, number>();
  private made = 0;

  constructor(private readonly earlier: ReadonlyMap<string, number> = new Map()) {}

  /** `counter` with `count` answered from the memo for short texts. */
  wrap(counter: TokenCounter): TokenCounter {
    const count = (text: string): number => {
      if (text.length > MEMO_CHARS) return counter.count(text);
      let tokens = this.used.get(text);
      if (tokens !== undefined) return tokens;
      tokens = this.earlier.get(text);
      if (tokens === undefined) {
        tokens = counter.count(text);
        this.made++;
      }
      this.used.set(text, tokens);
      return tokens;
    };
    const { countUtf8, pieceMarks } = counter;
    return {
      encoding: counter.encoding,
      count,
      countLines: (text) => counter.countLines(text),
      fitPrefix: (text, maxTokens, after) => counter.fitPrefix(text, maxTokens, after),
      ...(countUtf8 && { countUtf8: (bytes: Uint8Array) => countUtf8.call(counter, bytes) }),
      ...(pieceMarks && {
        pieceMarks: (text: string, every: number) => pieceMarks.call(counter, text, every),
      }),
    };
  }

  /** Counts made by this run (not found in the earlier ones). */
  get added(): number {
    return this.made;
  }

  /**
   * What to keep for the next run, at most `max` counts: those this run used first (the next
   * run of the same folder asks for the same), then the earlier ones it did not use.
   */
  kept(max: number): Map<string, number> {
    const kept = new Map<string, number>();
    for (const source of [this.used, this.earlier]) {
      for (const [text, tokens] of source) {
        if (kept.size >= max) return kept;
        if (!kept.has(text)) kept.set(text, tokens);
      }
    }
    return kept;
  }
}
