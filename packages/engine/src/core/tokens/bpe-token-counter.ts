import { AsciiCounter, NO_MARK, STOP_END, STOP_MARK, STOP_NON_ASCII } from './ascii-counter.js';
import { scanCl100k, scannedHash, scanO200k, scanQwen, scanTekken } from './ascii-scan.js';
import {
  scanCl100kBytes,
  scannedBytesHash,
  scanO200kBytes,
  scanTekkenBytes,
} from './ascii-scan-bytes.js';
import { countBpeTokens } from './bpe-merge.js';
import { toByteString } from './byte-string.js';
import { scanDeepseek } from './deepseek-split.js';
import { asciiString, bomLength, decodeUtf8, nextWordEnd, utf16Length } from './utf8-bytes.js';
import { hashRange, PieceTable } from './piece-table.js';
import { getRankTable, type RankTable } from './rank-table.js';
import { RecentPieces } from './recent-pieces.js';
import { createPieceEnd, type PieceEnd } from './split-patterns.js';
import { countLinesOf, type TokenCounter } from './token-counter.js';
import type { BpeTokenizerName } from './vocabulary-sources.js';

/** Multi-token pieces remembered before the cache is dropped: memory stays flat. */
const CACHE_LIMIT = 1 << 16;
/** Longer pieces (blobs, long runs) rarely repeat and would make the cache's memory unbounded. */
const CACHE_MAX_PIECE = 256;
const NO_LINES = new Uint32Array(0);
/** From this length count() copies the text into the WebAssembly counter: shorter is faster here. */
const ASCII_COUNTER_FROM = 256;

// Which ASCII scanner: a small switch keeps each scanner called directly (inlinable).
const SCANNER: Record<BpeTokenizerName, number> = {
  o200k_base: 0,
  cl100k_base: 1,
  llama3: 1,
  qwen3: 2,
  tekken: 3,
  deepseek_v3: 4,
};

/**
 * Count-only byte-level BPE (tiktoken's algorithm, and Hugging Face's for vocabularies defined by
 * merges). Per pre-token (ASCII scanner, else the real pre-tokenizer): a small cache of recent
 * pieces, then for ASCII pieces one probe of the vocabulary (most pieces of code are one token),
 * then a bounded cache of multi-token pieces, then the merge. The hot path never slices the text
 * nor builds token arrays.
 */
export class BpeTokenCounter implements TokenCounter {
  private readonly ranks: RankTable;
  private readonly pieceEndOf: PieceEnd;
  private readonly scanner: number;
  /** Qwen normalizes text to NFC before splitting it. */
  private readonly normalizes: boolean;
  private readonly recent = new RecentPieces();
  private readonly cache: PieceTable;
  private readonly cacheLimit: number;
  /** End of the piece the last countPieceAt() call counted. */
  private pieceEnd = 0;
  /** The WebAssembly counter (see asciiCounter): undefined until first used, null if none. */
  private ascii: AsciiCounter | null | undefined;

  /**
   * `webAssembly: false` counts everything in JavaScript (the tests compare the two); o200k_base
   * is the encoding the WebAssembly counter covers.
   */
  constructor(
    readonly encoding: BpeTokenizerName,
    {
      cacheLimit = CACHE_LIMIT,
      webAssembly = true,
    }: { cacheLimit?: number; webAssembly?: boolean } = {},
  ) {
    this.ranks = getRankTable(encoding);
    this.pieceEndOf = createPieceEnd(encoding);
    this.scanner = SCANNER[encoding];
    this.normalizes = encoding === 'qwen3';
    this.cacheLimit = cacheLimit;
    this.cache = new PieceTable(cacheLimit);
    if (!webAssembly || this.scanner !== 0) this.ascii = null;
  }

  count(text: string): number {
    if (this.normalizes) text = text.normalize('NFC');
    const counted = text.length >= ASCII_COUNTER_FROM ? this.countWithAscii(text, null) : null;
    return counted ? counted.total : this.countPieces(text);
  }

  /** The WebAssembly counter, created on first use; null where there is none. */
  private asciiCounter(): AsciiCounter | null {
    if (this.ascii === undefined) this.ascii = AsciiCounter.create(this.ranks);
    return this.ascii;
  }

  /** count() in JavaScript, pre-token by pre-token. */
  private countPieces(text: string): number {
    const n = text.length;
    let total = 0;
    for (let at = 0; at < n; at = this.pieceEnd) total += this.countPieceAt(text, at);
    return total;
  }

  /**
   * count() of the text `bytes` hold in UTF-8, as TextDecoder decodes it (a leading BOM dropped,
   * an invalid sequence as U+FFFD), without decoding it: ASCII pre-tokens are scanned and looked
   * up as bytes. Where a pre-token involves a non-ASCII char, the text from there to the next end
   * of an ASCII word (a pre-token boundary whatever precedes it: see nextWordEnd) is decoded and
   * counted as a string.
   */
  countUtf8(bytes: Uint8Array): number {
    // Qwen's normalization and DeepSeek's split have no byte scanner.
    if (this.scanner === 2 || this.scanner === 4) {
      return this.count(decodeUtf8(bytes.subarray(bomLength(bytes))));
    }
    const ascii = this.asciiCounter();
    const loaded = ascii?.load(bytes);
    if (ascii && loaded) return this.countUtf8Ascii(loaded, ascii);
    const n = bytes.length;
    let total = 0;
    let at = bomLength(bytes);
    while (at < n) {
      let end: number;
      switch (this.scanner) {
        case 0:
          end = scanO200kBytes(bytes, at);
          break;
        case 1:
          end = scanCl100kBytes(bytes, at);
          break;
        default:
          end = scanTekkenBytes(bytes, at);
      }
      if (end < 0) {
        const stop = nextWordEnd(bytes, at);
        total += this.countPieces(decodeUtf8(bytes.subarray(at, stop)));
        at = stop;
        continue;
      }
      const hash = scannedBytesHash();
      let tokens = this.recent.getBytes(bytes, at, end, hash);
      if (tokens < 0) {
        tokens = this.isOneTokenBytes(bytes, at, end, hash)
          ? 1
          : this.countUncommonBytes(bytes, at, end, hash);
        this.recent.setBytes(bytes, at, end, hash, tokens);
      }
      total += tokens;
      at = end;
    }
    return total;
  }

  /** countUtf8 of `bytes` loaded into the WebAssembly counter: ASCII counted there, the rest here. */
  private countUtf8Ascii(bytes: Uint8Array, ascii: AsciiCounter): number {
    const n = bytes.length;
    let total = 0;
    let at = bomLength(bytes);
    while (at < n) {
      total += ascii.countText(n, at);
      const reason = ascii.stoppedFor();
      if (reason === STOP_END) break;
      at = ascii.stoppedAt();
      if (reason === STOP_NON_ASCII) {
        const stop = nextWordEnd(bytes, at);
        total += this.countPieces(decodeUtf8(bytes.subarray(at, stop)));
        at = stop;
      } else {
        total += this.countLongPiece(ascii, bytes, at);
        at = this.pieceEnd;
      }
    }
    return total;
  }

  /**
   * Tokens of the long ASCII piece at `at` of the bytes loaded into the module, where it stopped;
   * remembered there, its end left in `pieceEnd`.
   */
  private countLongPiece(ascii: AsciiCounter, bytes: Uint8Array, at: number): number {
    const end = ascii.stoppedPieceEnd();
    const hash = ascii.stoppedPieceHash();
    const tokens = this.countUncommonBytes(bytes, at, end, hash);
    ascii.remember(at, end, hash, tokens);
    this.pieceEnd = end;
    return tokens;
  }

  countLines(text: string): Uint32Array {
    // NFC never composes across a line break, so lines keep their number and order.
    if (this.normalizes) text = text.normalize('NFC');
    const lines = countLinesOf(text);
    const counted = this.countWithAscii(text, lines);
    if (counted) return counted.prefix;
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

  countLinesMarked(
    text: string,
    every: number,
  ): { prefix: Uint32Array; marks: number[] } | undefined {
    // Normalizing moves offsets; the marks must be offsets of `text` itself.
    if (this.normalizes) return undefined;
    const marks = { every, found: [] as number[] };
    const counted = this.countWithAscii(text, countLinesOf(text), marks);
    return counted ? { prefix: counted.prefix, marks: marks.found } : undefined;
  }

  /**
   * count(), countLines() when `lines` is given and pieceMarks() when `marks` is, with the ASCII
   * pre-tokens counted by WebAssembly over the text's UTF-8 bytes; the rest is counted here from
   * the string itself, at the char where the bytes stopped (ASCII pieces are a char per byte), so
   * the string's own semantics (a leading U+FEFF, a lone surrogate) hold. Null where there is no
   * WebAssembly counter or the text is too large for it.
   */
  private countWithAscii(
    text: string,
    lines: number | null,
    marks?: { every: number; found: number[] },
  ): { total: number; prefix: Uint32Array } | null {
    const ascii = this.asciiCounter();
    const loaded = ascii?.loadText(text, lines ?? 0);
    if (!ascii || !loaded) return null;
    const { bytes, prefix } = loaded;
    const n = bytes.length;
    const closing = lines !== null;
    prefix[0] = 0;
    ascii.setLinesClosed(0);
    let total = 0;
    let at = 0;
    let char = 0;
    let nextMark = marks ? marks.every : NO_MARK;
    while (at < n) {
      total += ascii.countText(n, at, total, closing, Math.min(nextMark, NO_MARK));
      const reason = ascii.stoppedFor();
      if (reason === STOP_END) break;
      const stopAt = ascii.stoppedAt();
      char += stopAt - at;
      at = stopAt;
      if (reason === STOP_MARK && marks) {
        marks.found.push(char, total);
        nextMark = total + marks.every;
        continue;
      }
      let line = ascii.linesClosed();
      if (reason === STOP_NON_ASCII) {
        const stop = nextWordEnd(bytes, at);
        const charStop = char + utf16Length(bytes, at, stop);
        // The pre-tokens from the end of an ASCII word on depend only on the text from there.
        while (char < charStop) {
          if (marks && total >= nextMark) {
            marks.found.push(char, total);
            nextMark = total + marks.every;
          }
          total += this.countPieceAt(text, char);
          for (; char < this.pieceEnd; char++) {
            if (closing && text.charCodeAt(char) === 10) prefix[++line] = total;
          }
        }
        at = stop;
      } else {
        // A long ASCII piece: the module stops for a mark before it scans a piece.
        total += this.countLongPiece(ascii, bytes, at);
        for (; at < this.pieceEnd; at++, char++) {
          if (closing && bytes[at] === 10) prefix[++line] = total;
        }
      }
      ascii.setLinesClosed(line);
    }
    if (!closing) return { total, prefix: NO_LINES };
    for (let line = ascii.linesClosed(); line < lines;) prefix[++line] = total;
    return { total, prefix: prefix.slice() };
  }

  fitPrefix(
    text: string,
    maxTokens: number,
    after?: { length: number; tokens: number },
  ): { length: number; tokens: number } {
    if (this.normalizes && text.normalize('NFC') !== text)
      return this.fitByCounting(text, maxTokens);
    const n = text.length;
    // The pre-tokens from a pre-token's end depend only on the text from there on, so a fit made
    // with a smaller budget is this one's start.
    let total = after?.tokens ?? 0;
    let length = after?.length ?? 0;
    for (let at = length; at < n; at = this.pieceEnd) {
      const tokens = this.countPieceAt(text, at);
      if (total + tokens > maxTokens) break;
      total += tokens;
      length = this.pieceEnd;
    }
    return { length, tokens: total };
  }

  pieceMarks(text: string, every: number): number[] | undefined {
    if (this.normalizes && text.normalize('NFC') !== text) return undefined;
    if (text.length >= ASCII_COUNTER_FROM) {
      const marks = { every, found: [] };
      if (this.countWithAscii(text, null, marks)) return marks.found;
    }
    const marks: number[] = [];
    const n = text.length;
    let total = 0;
    let next = every;
    for (let at = 0; at < n; at = this.pieceEnd) {
      if (total >= next) {
        marks.push(at, total);
        next = total + every;
      }
      total += this.countPieceAt(text, at);
    }
    return marks;
  }

  /**
   * fitPrefix for text that normalization changes, whose offsets no longer match: the longest
   * prefix ending at a pre-token boundary of the original whose normalized count fits, searched
   * by halving.
   */
  private fitByCounting(text: string, maxTokens: number): { length: number; tokens: number } {
    const ends: number[] = [];
    for (let at = 0; at < text.length; at = this.pieceEndOf(text, at)) ends.push(at);
    ends.push(text.length);
    let low = 0;
    let high = ends.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.count(text.slice(0, ends[middle])) <= maxTokens) low = middle;
      else high = middle - 1;
    }
    const length = ends[low] ?? 0;
    return { length, tokens: this.count(text.slice(0, length)) };
  }

  /** Tokens of the pre-token starting at `at`; its end is left in `pieceEnd`. */
  private countPieceAt(text: string, at: number): number {
    let end: number;
    switch (this.scanner) {
      case 0:
        end = scanO200k(text, at);
        break;
      case 1:
        end = scanCl100k(text, at);
        break;
      case 2:
        end = scanQwen(text, at);
        break;
      case 3:
        end = scanTekken(text, at);
        break;
      default:
        end = scanDeepseek(text, at);
    }
    const isAscii = end >= 0;
    let hash: number;
    if (isAscii) {
      hash = this.scanner === 4 ? hashRange(text, at, end) : scannedHash();
    } else {
      end = this.pieceEndOf(text, at);
      hash = hashRange(text, at, end);
    }
    this.pieceEnd = end;
    const recent = this.recent.get(text, at, end, hash);
    if (recent >= 0) return recent;
    // An ASCII piece is its own byte string, so it probes the vocabulary as it is.
    const tokens =
      isAscii && this.isOneToken(text, at, end, hash)
        ? 1
        : this.countUncommon(text, at, end, hash, isAscii);
    this.recent.set(text, at, end, hash, tokens);
    return tokens;
  }

  /** Whether an ASCII piece is a single token: in the vocabulary, and reached by its merges. */
  private isOneToken(text: string, from: number, to: number, hash: number): boolean {
    const ranks = this.ranks;
    const rank = ranks.byBytes.get(text, from, to, hash);
    if (rank < 0) return false;
    if (ranks.wholeIsOneToken) return true;
    let known = ranks.wholeChecked[rank]!;
    if (known === 0) {
      known = countBpeTokens(text.slice(from, to), ranks) === 1 ? 1 : 2;
      ranks.wholeChecked[rank] = known;
    }
    return known === 1;
  }

  private isOneTokenBytes(bytes: Uint8Array, from: number, to: number, hash: number): boolean {
    const ranks = this.ranks;
    const rank = ranks.byBytes.getBytes(bytes, from, to, hash);
    if (rank < 0) return false;
    if (ranks.wholeIsOneToken) return true;
    let known = ranks.wholeChecked[rank]!;
    if (known === 0) {
      known = countBpeTokens(asciiString(bytes, from, to), ranks) === 1 ? 1 : 2;
      ranks.wholeChecked[rank] = known;
    }
    return known === 1;
  }

  /** countUncommon() of ASCII bytes[from, to). */
  private countUncommonBytes(bytes: Uint8Array, from: number, to: number, hash: number): number {
    const known = this.cache.getBytes(bytes, from, to, hash);
    if (known >= 0) return known;
    const piece = asciiString(bytes, from, to);
    const tokens = countBpeTokens(piece, this.ranks);
    if (to - from > CACHE_MAX_PIECE) return tokens;
    if (this.cache.size >= this.cacheLimit) this.cache.clear();
    this.cache.set(piece, hash, tokens);
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
    const piece = text.slice(from, to);
    const tokens = countBpeTokens(isAscii ? piece : toByteString(piece), this.ranks);
    if (this.cache.size >= this.cacheLimit) this.cache.clear();
    this.cache.set(piece, hash, tokens);
    return tokens;
  }
}
