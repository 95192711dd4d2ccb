import { RunMemo } from '../run-memo.js';
import type { TokenCounter } from './token-counter.js';

/**
 * Texts longer than this are remembered by a digest of them, and only when counted in a batch
 * (see countMany): wrappers are short, and a file's content is counted by the file stage.
 */
export const MEMO_CHARS = 1024;

/**
 * Keys of long texts start with this; a short text that starts with it is counted, never
 * remembered, so that no short text's key is ever a long one's.
 */
const DIGEST_KEY = '\u0000digest\u0000';

/**
 * Token counts of texts, kept from one run to the next. The chunk stage counts the wrapper
 * of every file (its header and fences, which hold its path) and the joins between files: small
 * strings, thousands of them, the same ones each time the same folder is packed with the same
 * options. A text's count depends only on the tokenizer, so a count remembered for the same text
 * is exact: the memo changes how long counting takes, never what it answers.
 *
 * A chunk its files' counts cannot price (any chunk of a format that escapes content, a cut that
 * is not clean) is counted whole, on the worker threads (see countMany): the same long texts
 * again on a second run with the same options, megabytes of them, and threads started for
 * nothing else. Those are remembered under a digest of their text (`digestOf`; none given: they
 * are always counted).
 */
export class CountMemo {
  private readonly counts: RunMemo<number>;

  constructor(
    earlier: ReadonlyMap<string, number> = new Map(),
    private readonly digestOf?: (text: string) => string,
  ) {
    this.counts = new RunMemo(() => earlier);
  }

  /** `counter` with `count` answered from the memo for short texts. */
  wrap(counter: TokenCounter): TokenCounter {
    const count = (text: string): number => {
      const key = text.length <= MEMO_CHARS ? this.keyOf(text) : undefined;
      if (key === undefined) return counter.count(text);
      const known = this.counts.recall(key);
      if (known !== undefined) return known;
      const tokens = counter.count(text);
      this.counts.remember(key, tokens);
      return tokens;
    };
    const { countUtf8, pieceMarks, countLinesMarked } = counter;
    return {
      encoding: counter.encoding,
      count,
      countLines: (text) => counter.countLines(text),
      fitPrefix: (text, maxTokens, after) => counter.fitPrefix(text, maxTokens, after),
      ...(countUtf8 && { countUtf8: (bytes: Uint8Array) => countUtf8.call(counter, bytes) }),
      ...(pieceMarks && {
        pieceMarks: (text: string, every: number) => pieceMarks.call(counter, text, every),
      }),
      ...(countLinesMarked && {
        countLinesMarked: (text: string, every: number) =>
          countLinesMarked.call(counter, text, every),
      }),
    };
  }

  /**
   * The counts of many texts, short and long: those the memo knows from it, the others by
   * `count` in one call (none when it knows them all), then remembered.
   */
  async countMany(
    texts: readonly string[],
    count: (texts: readonly string[]) => Promise<number[]>,
  ): Promise<number[]> {
    const counts = new Array<number>(texts.length);
    const keys = texts.map((text) => this.keyOf(text));
    // Texts to count, each once: a text asked twice is answered after, from the memo.
    const missing: number[] = [];
    const asked = new Set<string>();
    keys.forEach((key, index) => {
      const known = key === undefined ? undefined : this.counts.recall(key);
      if (known !== undefined) counts[index] = known;
      else if (key === undefined || !asked.has(key)) {
        if (key !== undefined) asked.add(key);
        missing.push(index);
      }
    });
    if (missing.length === 0) return counts;
    const made = await count(missing.map((index) => texts[index] as string));
    missing.forEach((index, at) => {
      counts[index] = made[at] as number;
      const key = keys[index];
      if (key !== undefined) this.counts.remember(key, counts[index]);
    });
    keys.forEach((key, index) => {
      if (counts[index] === undefined && key !== undefined)
        counts[index] = this.counts.recall(key) as number;
    });
    return counts;
  }

  /** A text's key: the text when short, else a digest of it; undefined when not remembered. */
  private keyOf(text: string): string | undefined {
    if (text.startsWith(DIGEST_KEY)) return undefined;
    if (text.length <= MEMO_CHARS) return text;
    return this.digestOf && DIGEST_KEY + this.digestOf(text);
  }

  /** Counts made by this run (not found in the earlier ones). */
  get added(): number {
    return this.counts.added;
  }

  /**
   * What to keep for the next run, at most `max` counts: those this run used first (the next
   * run of the same folder asks for the same), then the earlier ones it did not use.
   */
  kept(max: number): Map<string, number> {
    return this.counts.kept(max, () => 1);
  }
}
