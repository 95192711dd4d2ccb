import type { EncodingName } from '../../config/options.js';
import { scanCl100k, scanO200k, scannedHash } from './ascii-scan.js';
import { countBpeTokens } from './bpe-merge.js';
import { toByteString } from './byte-string.js';
import { copyRange, hashRange, PieceTable } from './piece-table.js';
import { getRankTable, type RankTable } from './rank-table.js';
import { RecentPieces } from './recent-pieces.js';
import { createSplitPattern } from './split-patterns.js';
import { countLinesOf, type TokenCounter } from './token-counter.js';

/** Multi-token pieces remembered before the cache is dropped: memory stays flat. */
const CACHE_LIMIT = 1 << 16;
/** Longer pieces (blobs, long runs) rarely repeat and would make the cache's memory unbounded. */
const CACHE_MAX_PIECE = 256;

/**
 * Count-only tiktoken. Per pre-token (ASCII scanner, else the real split pattern): a small cache of
 * recent pieces, then for ASCII pieces one probe of the vocabulary (most pieces of code are one
 * token), then a bounded cache of multi-token pieces, then byte-level BPE. The hot path never
 * slices the text nor builds token arrays.
 */
export class BpeTokenCounter implements TokenCounter {
  private readonly ranks: RankTable;
  private readonly pattern: RegExp;
  /** Which scanner: called directly, not through a field, so both stay inlinable in one thread. */
  private readonly isO200k: boolean;
  private readonly recent = new RecentPieces();
  private readonly cache: PieceTable;
  private readonly cacheLimit: number;
  /** End of the piece the last countPieceAt() call counted. */
  private pieceEnd = 0;

  constructor(
    readonly encoding: EncodingName,
    { cacheLimit = CACHE_LIMIT }: { cacheLimit?: number } = {},
  ) {
    this.ranks = getRankTable(encoding);
    this.pattern = createSplitPattern(encoding);
    this.isO200k = encoding === 'o200k_base';
    this.cacheLimit = cacheLimit;
    this.cache = new PieceTable(cacheLimit);
  }

  count(text: string): number {
    const n = text.length;
    let total = 0;
    for (let at = 0; at < n; at = this.pieceEnd) total += this.countPieceAt(text, at);
    return total;
  }

  countLines(text: string): Uint32Array {
    const lines = countLinesOf(text);
    const prefix = new Uint32Array(lines + 1);
    const n = text.length;
    let total = 0;
    let line = 0;
    let newline = text.indexOf('\n');
    for (let at = 0; at < n; at = this.pieceEnd) {
      // A pre-token belongs to the line it starts on; newlines before it close lines.
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
    const n = text.length;
    let total = 0;
    let length = 0;
    for (let at = 0; at < n; at = this.pieceEnd) {
      const tokens = this.countPieceAt(text, at);
      if (total + tokens > maxTokens) break;
      total += tokens;
      length = this.pieceEnd;
    }
    return { length, tokens: total };
  }

  /** Tokens of the pre-token starting at `at`; its end is left in `pieceEnd`. */
  private countPieceAt(text: string, at: number): number {
    let end = this.isO200k ? scanO200k(text, at) : scanCl100k(text, at);
    const isAscii = end >= 0;
    let hash: number;
    if (isAscii) {
      hash = scannedHash();
    } else {
      this.pattern.lastIndex = at;
      const match = this.pattern.exec(text);
      if (match === null) throw new Error(`split pattern found no match at offset ${at}`);
      end = at + match[0].length;
      hash = hashRange(text, at, end);
    }
    this.pieceEnd = end;
    const recent = this.recent.get(text, at, end, hash);
    if (recent >= 0) return recent;
    // An ASCII piece is its own byte string, so it probes the vocabulary as it is.
    const tokens =
      isAscii && this.ranks.byBytes.get(text, at, end, hash) >= 0
        ? 1
        : this.countUncommon(text, at, end, hash, isAscii);
    this.recent.set(text, at, end, hash, tokens);
    return tokens;
  }

  private countUncommon(
    text: string,
    from: number,
    to: number,
    hash: number,
    isAscii: boolean,
  ): number {
    const known = this.cache.get(text, from, to, hash);
    if (known >= 0) return known;
    if (to - from > CACHE_MAX_PIECE) {
      const long = text.slice(from, to);
      return countBpeTokens(isAscii ? long : toByteString(long), this.ranks);
    }
    const piece = copyRange(text, from, to);
    const tokens = countBpeTokens(isAscii ? piece : toByteString(piece), this.ranks);
    if (this.cache.size >= this.cacheLimit) this.cache.clear();
    this.cache.set(piece, hash, tokens);
    return tokens;
  }
}
