/**
 * Gemma 3's BPE for one piece without added tokens: the text with spaces as "▁", one symbol per
 * char, then the merge of lowest rank among adjacent pairs, leftmost first, until none applies
 * (Hugging Face's BPE with its merge list). Pieces it cannot take (a char outside the
 * vocabulary, which byte fallback would spell out, or a long piece) answer -1: the caller asks
 * the reference implementation.
 */
export class GemmaMerges {
  private readonly ids = new Map<string, number>();
  /** (left id * 2^18 + right id) -> rank * 2^18 + result id. */
  private readonly merges = new Map<number, number>();

  /** The added tokens that start with "<" or "[" (tags, <unusedN>, [multimodal]). */
  private readonly tags: RegExp;

  constructor(
    vocab: Readonly<Record<string, number>>,
    merges: readonly (string | readonly [string, string])[],
    addedTokens: readonly string[],
  ) {
    const tags = addedTokens.filter((token) => token.startsWith('<') || token.startsWith('['));
    this.tags = new RegExp(
      tags.map((tag) => tag.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|') || '(?!)',
    );
    for (const [text, id] of Object.entries(vocab)) this.ids.set(text, id);
    merges.forEach((merge, rank) => {
      const [left, right] = typeof merge === 'string' ? splitMerge(merge) : merge;
      const leftId = this.ids.get(left);
      const rightId = this.ids.get(right);
      const result = this.ids.get(left + right);
      if (leftId === undefined || rightId === undefined || result === undefined) return;
      const key = leftId * ID_SPACE + rightId;
      if (!this.merges.has(key)) this.merges.set(key, rank * ID_SPACE + result);
    });
  }

  /** Whether an added token other than a newline, tab or "▁" run occurs in `piece`. */
  holdsAddedToken(piece: string): boolean {
    return (piece.includes('<') || piece.includes('[')) && this.tags.test(piece);
  }

  /** Tokens of `piece` (spaces not yet replaced), or -1 when the reference must count it. */
  count(piece: string): number {
    if (piece.length > MAX_PIECE) return -1;
    const symbols: number[] = [];
    for (const char of piece) {
      const id = this.ids.get(char === ' ' ? '▁' : char);
      if (id === undefined) return -1;
      symbols.push(id);
    }
    for (;;) {
      let best = NONE;
      let at = -1;
      for (let k = 0; k + 1 < symbols.length; k++) {
        const merge = this.merges.get(symbols[k]! * ID_SPACE + symbols[k + 1]!);
        if (merge !== undefined && merge < best) {
          best = merge;
          at = k;
        }
      }
      if (at < 0) return symbols.length;
      symbols.splice(at, 2, best % ID_SPACE);
    }
  }
}

/** Ids fit in 18 bits (262,144 tokens). */
const ID_SPACE = 2 ** 18;
const NONE = Number.MAX_SAFE_INTEGER;
/** Longer pieces (minified lines) go to the reference: the merge here is quadratic. */
const MAX_PIECE = 200;

function splitMerge(merge: string): [string, string] {
  const space = merge.indexOf(' ', 1);
  return [merge.slice(0, space), merge.slice(space + 1)];
}
