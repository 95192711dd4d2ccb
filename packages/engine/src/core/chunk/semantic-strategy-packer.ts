import { EngineError } from '../../errors.js';
import type { OutlineNode } from '../syntax/outline.js';
import type { ProcessedFile } from '../types.js';
import { cutInsideLine } from './fit.js';
import { at, lineAt } from './line-index.js';
import { boundaryBefore } from './semantic-strategy-inline.js';
import { contextOf, fitRange, isSyntaxBoundary } from './semantic-strategy-outline.js';
import type { ChunkCostModel, PlannedChunk, PlannedSpan } from './strategy.js';

/**
 * The chunk being filled by the semantic strategy: closed spans, and one open piece of the current
 * file running from `pieceStart` to `pos`. Prices come from the cost model's prefix sums; a piece's
 * header is priced with the context it would carry, so headers never surprise the chunk stage.
 */
export class ChunkPacker {
  readonly budget: number;
  private readonly chunks: PlannedChunk[] = [];
  private spans: PlannedSpan[] = [];
  /** Tokens of the closed spans of the open chunk, wrappers included. */
  private used = 0;
  private index = -1;
  private file: ProcessedFile | undefined;
  private nodes: readonly OutlineNode[] | undefined;
  private starts: Uint32Array = new Uint32Array(1);
  private restCosts = new Map<number, number>();
  private fragmentCosts = new Map<string, number>();
  private nodeFits = new Map<OutlineNode, boolean>();
  private pieceStart = 0;
  /** Set when the open piece's context would leave no room for content: it goes without. */
  private isBare = false;
  /** End of the open piece: everything of the current file before it is planned. */
  pos = 0;

  constructor(
    private readonly files: readonly ProcessedFile[],
    private readonly cost: ChunkCostModel,
  ) {
    this.budget = cost.limit - cost.chunkOverhead;
  }

  /** Makes `files[index]` current; `nodes` is its outline when cuts should follow it. */
  startFile(index: number, nodes: readonly OutlineNode[] | undefined): void {
    const file = this.files[index] as ProcessedFile;
    this.index = index;
    this.file = file;
    this.nodes = nodes;
    this.starts = this.cost.lineStarts(file);
    this.restCosts = new Map();
    this.fragmentCosts = new Map();
    this.nodeFits = new Map();
    this.pieceStart = 0;
    this.pos = 0;
  }

  get current(): ProcessedFile {
    if (!this.file) throw new Error('no current file');
    return this.file;
  }

  get lineStarts(): Uint32Array {
    return this.starts;
  }

  /** Tokens the open chunk can still take. */
  get room(): number {
    return this.budget - this.used;
  }

  /** True when the open chunk holds nothing yet. */
  get isChunkEmpty(): boolean {
    return this.spans.length === 0 && this.pieceStart === this.pos;
  }

  /** Tokens of `[from, to)` of the current file as one piece, its wrapper and context included. */
  pieceCost(from: number, to: number): number {
    return this.header(from, to) + this.spanCost(from, to);
  }

  /** True when the open piece, extended to `to`, still fits the open chunk. */
  fits(to: number): boolean {
    return this.pieceCost(this.pieceStart, to) <= this.budget - this.used;
  }

  /** True when `[from, to)` fits a chunk of its own. */
  fitsFresh(from: number, to: number): boolean {
    return this.pieceCost(from, to) <= this.budget;
  }

  /**
   * True when a line of the current file cannot be one piece of a chunk, wrapper included: it must
   * be cut inside. (A line that fits the budget only without its wrapper is cut inside too; its
   * nodes must then be priced by their own text, or a fitting one would look too large.)
   */
  isLongLine(line: number): boolean {
    return isLongLine(this.cost, this.current, line);
  }

  /**
   * True when a node fits a chunk of its own: its lines as one piece with its context, a line
   * longer than a chunk counted from the node's start or up to its end only (fitRange).
   */
  fitsAlone(node: OutlineNode): boolean {
    let fits = this.nodeFits.get(node);
    if (fits === undefined) {
      const range = fitRange(node, this.starts, this.current.content.length, (line) =>
        this.isLongLine(line),
      );
      fits = this.fitsFresh(range.from, range.to);
      this.nodeFits.set(node, fits);
    }
    return fits;
  }

  extendTo(to: number): void {
    this.pos = to;
  }

  /** Ends the open chunk at `pos`; the next piece starts there in a new chunk. */
  cut(): void {
    this.closePiece();
    if (this.spans.length > 0) this.chunks.push({ spans: this.spans });
    this.spans = [];
    this.used = 0;
  }

  /**
   * Tokens of the whole current file as one piece. A whole file names no context, but a re-planned
   * slice of one does: its outline's nodes reach around it.
   */
  get wholeCost(): number {
    return this.pieceCost(0, this.current.content.length);
  }

  /** Adds the whole current file (possibly empty) as one piece of the open chunk. */
  addWhole(): void {
    const length = this.current.content.length;
    const span: PlannedSpan = {
      file: this.index,
      start: 0,
      end: length,
      startsOnBoundary: true,
      endsOnBoundary: true,
    };
    this.spans.push(this.nodes ? { ...span, context: this.contextOf(0, length) } : span);
    this.used += this.wholeCost;
    this.pieceStart = this.pos = length;
  }

  /** Closes the open piece, if it holds anything. */
  closePiece(): void {
    if (this.pieceStart === this.pos) return;
    const start = this.pieceStart;
    const end = this.pos;
    const span: PlannedSpan = {
      file: this.index,
      start,
      end,
      startsOnBoundary: start === 0 || this.isBoundary(start),
      endsOnBoundary: end === this.current.content.length || this.isBoundary(end),
    };
    // A piece of an outlined file always says its context, even none, so a re-plan keeps it.
    const context = this.contextOf(start, end);
    this.spans.push(this.nodes ? { ...span, context } : span);
    this.used += this.pieceCost(start, end);
    this.pieceStart = end;
    this.isBare = false;
  }

  /** The plan, once every file went through. */
  finish(): PlannedChunk[] {
    if (this.spans.length > 0) this.chunks.push({ spans: this.spans });
    this.spans = [];
    return this.chunks;
  }

  /**
   * Plans `[pos, end)` line by line: each chunk takes the most whole lines that fit, and a line
   * longer than a chunk is cut inside (lineCut). Such a line may start in a chunk that already
   * holds something, when a cut between its nodes fits there.
   */
  packLines(end: number): void {
    while (this.pos < end) {
      const to = this.furthestLineCut(end);
      if (to > this.pos) {
        this.extendTo(to);
        if (to < end) this.cut();
        continue;
      }
      const fresh = this.isChunkEmpty;
      const cut =
        fresh || (this.nodes && this.isLongLine(lineAt(this.starts, this.pos)))
          ? this.lineCut(end, fresh)
          : undefined;
      if (cut === undefined) {
        // Nothing fits: the open chunk is closed, or a fresh one tries again bare (lineCut).
        if (!fresh) this.cut();
        continue;
      }
      this.extendTo(cut);
      if (this.pos < end) this.cut();
    }
  }

  /**
   * Where the open chunk ends inside the line at `pos`, longer than a chunk: at the furthest cut
   * between syntax nodes that fits (boundaryBefore), else, in a fresh chunk only, at the furthest
   * token boundary that fits (never inside a surrogate pair). The line's tokens are fitted once
   * per try; the cut is then priced as the piece it ends (its context, the tokens around a cut
   * inside a token's text), and by what it overshoots, the next try fits less. Undefined when
   * nothing fits: a fresh chunk's piece then goes bare (without its context).
   */
  private lineCut(end: number, fresh: boolean): number | undefined {
    // Priced for the shortest candidate, whose context is the deepest: retries are then rare.
    const content = this.current.content;
    let first = this.pos;
    while (first < end - 1 && content.charCodeAt(first) <= 32) first++;
    const header = this.header(this.pieceStart, first + 1);
    const open = this.spanCost(this.pieceStart, this.pos);
    const room = this.budget - this.used;
    let deepest = header;
    let slack = 0;
    let firstLimit: number | undefined;
    for (;;) {
      const left = room - header - open - slack;
      const inside = left > 0 ? cutInsideLine(this.cost, this.current, this.pos, left) : undefined;
      const limit = Math.min(inside?.end ?? this.pos, end);
      if (limit <= this.pos) {
        if (!fresh) return undefined;
        if (deepest > this.cost.pieceOverhead(this.current)) {
          this.isBare = true;
          return undefined;
        }
        // Bare, yet the cuts that fitted by the line's tokens did not by the piece's: take the
        // first anyway (the chunk stage re-plans a chunk that renders too large).
        if (firstLimit !== undefined) return firstLimit;
        throw new EngineError(
          'INVALID_TOKEN_LIMIT',
          `Token limit ${this.cost.limit} is too small to hold any content of ${this.current.path} beside its headers.`,
          this.current.path,
        );
      }
      firstLimit ??= limit;
      // Without an outline, the cut is where file_based makes it.
      if (!this.nodes) return limit;
      const cut =
        limit === end
          ? end
          : (boundaryBefore(this.nodes, this.pos, limit, fresh, (node) => this.fitsAlone(node)) ??
            (fresh ? limit : undefined));
      if (cut === undefined) return undefined;
      // The open piece as priced, and the new part of the line as text (the line may be one that
      // fits a chunk alone but not beside the headers, which spanCost would price whole).
      const priced = this.header(this.pieceStart, cut);
      const price = priced + open + this.fragmentCost(this.pos, cut);
      if (price <= room) return cut;
      deepest = Math.max(deepest, priced);
      slack += price - room;
    }
  }

  /**
   * The furthest line start in `(pos, end)`, or `end`, up to which the open piece fits; `pos` when
   * none does. The header is priced for the shortest candidate: a longer piece never has a deeper
   * context, so the price only grows with the candidate and a binary search applies.
   */
  private furthestLineCut(end: number): number {
    const room = this.budget - this.used;
    if (this.pieceCost(this.pieceStart, end) <= room) return end;
    const low = lineAt(this.starts, this.pos) + 1;
    const high = lineAt(this.starts, end - 1);
    if (low > high || at(this.starts, low) >= end) return this.pos;
    const header = this.header(this.pieceStart, at(this.starts, low));
    const fitsAt = (line: number) =>
      header + this.spanCost(this.pieceStart, at(this.starts, line)) <= room;
    if (!fitsAt(low)) return this.pos;
    let good = low;
    let bad = high + 1;
    while (bad - good > 1) {
      const middle = (good + bad) >> 1;
      if (fitsAt(middle)) good = middle;
      else bad = middle;
    }
    return at(this.starts, good);
  }

  private header(from: number, to: number): number {
    const context = this.contextOf(from, to);
    return (
      this.cost.pieceOverhead(this.current) +
      this.contextCost(context) +
      (endsOpen(this.current.content, to) ? this.cost.openEndOverhead(this.current) : 0)
    );
  }

  private contextOf(from: number, to: number): string[] {
    if (!this.nodes || (this.isBare && from === this.pieceStart)) return [];
    return contextOf(this.nodes, this.current.content, from, to);
  }

  private contextCost(context: readonly string[]): number {
    if (context.length === 0) return 0;
    const measured = this.cost.contextOverhead?.(this.current, context);
    // Without a measure: the names, a separator each, and a labelled line around them.
    return measured ?? this.cost.textCost(context.join(' > ')) + 2 * context.length + 4;
  }

  private isBoundary(offset: number): boolean {
    return this.nodes !== undefined && isSyntaxBoundary(this.nodes, offset);
  }

  /**
   * Content tokens of `[from, to)`, every line it touches priced whole, except a line longer than a
   * chunk that the span starts or ends inside: only its part in the span is priced (a piece cut
   * inside that line).
   */
  private spanCost(from: number, to: number): number {
    if (to <= from) return 0;
    const file = this.current;
    const first = lineAt(this.starts, from);
    const last = lineAt(this.starts, to - 1);
    const lastStart = at(this.starts, last);
    const endsInside = to < at(this.starts, last + 1) && this.isLongLine(last);
    if (endsInside && first === last) return this.fragmentCost(from, to);
    const tail = endsInside ? this.fragmentCost(lastStart, to) : 0;
    const end = endsInside ? last : last + 1;
    if (at(this.starts, first) === from || !this.isLongLine(first)) {
      return this.cost.linesCost(file, first, end) + tail;
    }
    return this.restCost(from) + this.cost.linesCost(file, first + 1, end) + tail;
  }

  /** Tokens of `[from, to)` inside one line, priced as text; `Infinity` when hopeless. */
  private fragmentCost(from: number, to: number): number {
    const key = `${from}:${to}`;
    let price = this.fragmentCosts.get(key);
    if (price === undefined) {
      price = this.textPrice(from, to);
      this.fragmentCosts.set(key, price);
    }
    return price;
  }

  /** Tokens from `from` to the end of its line; `Infinity` when an estimate shows it cannot fit. */
  private restCost(from: number): number {
    let price = this.restCosts.get(from);
    if (price === undefined) {
      price = this.textPrice(from, at(this.starts, lineAt(this.starts, from) + 1));
      this.restCosts.set(from, price);
    }
    return price;
  }

  /**
   * Tokens of `[from, to)` inside one line, tokenized; `Infinity` when an estimate from the line's
   * price shows it cannot fit a chunk (tokenizing megabytes per candidate cut would be quadratic).
   */
  private textPrice(from: number, to: number): number {
    const file = this.current;
    const line = lineAt(this.starts, from);
    const lineStart = at(this.starts, line);
    const lineEnd = at(this.starts, line + 1);
    const whole = this.cost.linesCost(file, line, line + 1);
    const estimate = (whole * (to - from)) / Math.max(lineEnd - lineStart, 1);
    if (estimate > this.budget * 2 + 64) return Number.POSITIVE_INFINITY;
    const text = file.content.slice(from, to);
    const fitted = this.cost.fitText?.(text, this.budget);
    if (!fitted) return this.cost.textCost(text);
    return fitted.length === text.length ? fitted.tokens : Number.POSITIVE_INFINITY;
  }
}

/** See ChunkPacker.isLongLine; shared with the judge of cuts, which must agree on it. */
export function isLongLine(cost: ChunkCostModel, file: ProcessedFile, line: number): boolean {
  return (
    cost.pieceOverhead(file) + cost.linesCost(file, line, line + 1) >
    cost.limit - cost.chunkOverhead
  );
}

/**
 * True when a piece ending at `to` ends inside a line of `content` (its wrapper then says so); a
 * piece ending with the file is priced by pieceOverhead.
 */
export function endsOpen(content: string, to: number): boolean {
  return to > 0 && to < content.length && content.charCodeAt(to - 1) !== 10;
}
