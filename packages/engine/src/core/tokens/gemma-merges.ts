/**
 * Gemma 3's BPE for one piece without added tokens: the text with spaces as "▁", one symbol per
 * char, then the merge of lowest rank among adjacent pairs, leftmost first, until none applies
 * (Hugging Face's BPE with its merge list). Pieces it cannot take (a char outside the
 * vocabulary, which byte fallback would spell out, or a long piece) answer -1: the caller asks
 * the reference implementation.
 */
export class GemmaMerges {
  private readonly ids = new Map<string, number>();
  private readonly asciiIds = new Int32Array(128).fill(-1);
  private readonly pairs: PairTable;
  /** The added tokens that start with "<" or "[" (tags, <unusedN>, [multimodal]). */
  private readonly tags: RegExp;
  // Scratch of count(), reused (one thread, no reentrancy).
  private readonly parts = new Int32Array(MAX_PIECE);
  private readonly pairRank = new Int32Array(MAX_PIECE);
  private readonly pairResult = new Int32Array(MAX_PIECE);

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
    for (let c = 0; c < 128; c++) {
      this.asciiIds[c] = this.ids.get(c === 32 ? '▁' : String.fromCharCode(c)) ?? -1;
    }
    this.pairs = new PairTable(merges.length);
    merges.forEach((merge, rank) => {
      const [left, right] = typeof merge === 'string' ? splitMerge(merge) : merge;
      const leftId = this.ids.get(left);
      const rightId = this.ids.get(right);
      const result = this.ids.get(left + right);
      if (leftId === undefined || rightId === undefined || result === undefined) return;
      this.pairs.add(leftId, rightId, rank, result);
    });
  }

  /** Whether an added token other than a newline, tab or "▁" run occurs in `piece`. */
  holdsAddedToken(piece: string): boolean {
    return (piece.includes('<') || piece.includes('[')) && this.tags.test(piece);
  }

  /** Tokens of `piece` (spaces not yet replaced), or -1 when the reference must count it. */
  count(piece: string): number {
    if (piece.length > MAX_PIECE) return -1;
    const { parts, pairRank, pairResult, pairs } = this;
    let n = 0;
    for (let i = 0; i < piece.length; i++) {
      const code = piece.charCodeAt(i);
      let id: number;
      if (code < 128) {
        id = this.asciiIds[code]!;
      } else {
        const wide = code >= 0xd800 && code <= 0xdbff ? 2 : 1;
        id = this.ids.get(piece.slice(i, i + wide)) ?? -1;
        i += wide - 1;
      }
      if (id < 0) return -1;
      parts[n++] = id;
    }
    for (let k = 0; k + 1 < n; k++) {
      pairRank[k] = pairs.rank(parts[k]!, parts[k + 1]!);
      pairResult[k] = pairs.lastResult;
    }
    while (n > 1) {
      let best = NONE;
      let at = -1;
      for (let k = 0; k + 1 < n; k++) {
        if (pairRank[k]! < best) {
          best = pairRank[k]!;
          at = k;
        }
      }
      if (at < 0) break;
      parts[at] = pairResult[at]!;
      parts.copyWithin(at + 1, at + 2, n);
      pairRank.copyWithin(at + 1, at + 2, n - 1);
      pairResult.copyWithin(at + 1, at + 2, n - 1);
      n--;
      if (at + 1 < n) {
        pairRank[at] = pairs.rank(parts[at]!, parts[at + 1]!);
        pairResult[at] = pairs.lastResult;
      } else {
        pairRank[at] = NONE;
      }
      if (at > 0) {
        pairRank[at - 1] = pairs.rank(parts[at - 1]!, parts[at]!);
        pairResult[at - 1] = pairs.lastResult;
      }
    }
    return n;
  }
}

const NONE = 0x7fffffff;
/** Longer pieces (minified lines) go to the reference: the merge here is quadratic. */
const MAX_PIECE = 200;

/** Open addressing from a pair of token ids to the merge's rank and result (first merge wins). */
class PairTable {
  private readonly lefts: Int32Array;
  private readonly rights: Int32Array;
  private readonly ranks: Int32Array;
  private readonly results: Int32Array;
  private readonly mask: number;
  /** The result of the pair the last rank() call found. */
  lastResult = -1;

  constructor(expected: number) {
    let capacity = 16;
    while (capacity < expected * 2) capacity *= 2;
    this.lefts = new Int32Array(capacity).fill(-1);
    this.rights = new Int32Array(capacity);
    this.ranks = new Int32Array(capacity);
    this.results = new Int32Array(capacity);
    this.mask = capacity - 1;
  }

  add(left: number, right: number, rank: number, result: number): void {
    let slot = slotOf(left, right) & this.mask;
    for (;;) {
      if (this.lefts[slot] === -1) break;
      if (this.lefts[slot] === left && this.rights[slot] === right) return;
      slot = (slot + 1) & this.mask;
    }
    this.lefts[slot] = left;
    this.rights[slot] = right;
    this.ranks[slot] = rank;
    this.results[slot] = result;
  }

  /** The merge rank of (left, right), else NONE; its result is left in lastResult. */
  rank(left: number, right: number): number {
    let slot = slotOf(left, right) & this.mask;
    for (;;) {
      const stored = this.lefts[slot]!;
      if (stored === -1) return NONE;
      if (stored === left && this.rights[slot] === right) {
        this.lastResult = this.results[slot]!;
        return this.ranks[slot]!;
      }
      slot = (slot + 1) & this.mask;
    }
  }
}

function slotOf(left: number, right: number): number {
  return Math.imul(left ^ Math.imul(right, 0x85ebca6b), 0x9e3779b1) >>> 8;
}

function splitMerge(merge: string): [string, string] {
  const space = merge.indexOf(' ', 1);
  return [merge.slice(0, space), merge.slice(space + 1)];
}
