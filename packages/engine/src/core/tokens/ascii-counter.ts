import { ASCII_COUNTER_WASM } from './ascii-counter-wasm.js';
import { CLASS as CLASSES } from './ascii-scan-bytes.js';
import type { RankTable } from './rank-table.js';

/** What countAscii() stopped at (assembly/ascii-counter.ts); otherwise a long ASCII piece (2). */
export const STOP_END = 0;
export const STOP_NON_ASCII = 1;
export const STOP_MARK = 3;
/** A markAt that is never reached (the largest the module takes). */
export const NO_MARK = 0x7fffffff;

interface AsciiCounterExports {
  init(
    classTable: number,
    vocabularySlotsAt: number,
    vocabularyCharsAt: number,
    vocabularySlotCount: number,
    pairsAt: number,
    recentAt: number,
    knownAt: number,
    knownSlotCount: number,
    knownBytesCapacity: number,
    scratchAt: number,
  ): void;
  countAscii(
    base: number,
    n: number,
    at: number,
    prefix: number,
    before: number,
    markAt: number,
  ): number;
  linesClosed(): number;
  setLinesClosed(lines: number): void;
  stoppedAt(): number;
  stoppedFor(): number;
  stoppedPieceEnd(): number;
  stoppedPieceHash(): number;
  remember(base: number, from: number, to: number, hash: number, tokens: number): void;
}

const PAGE = 65536;
const RECENT_SLOTS = 1 << 14;
const KNOWN_SLOTS = 1 << 17;
const KNOWN_BYTES = 8 << 20;
const MAX_MERGE = 96;
/** The most memory the module grows to by default; a larger text is counted in JavaScript. */
const MAX_MEMORY = 256 << 20;

/** The part of the WebAssembly API used here: the engine compiles without the DOM's types. */
interface WasmModule {
  readonly kind?: 'module';
}
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface WebAssemblyApi {
  Module: new (bytes: Uint8Array) => WasmModule;
  Instance: new (module: WasmModule, imports: object) => { readonly exports: object };
  Memory: new (descriptor: { initial: number }) => WasmMemory;
}
const webAssembly = (globalThis as { WebAssembly?: WebAssemblyApi }).WebAssembly;

const encoder = new TextEncoder();

let compiled: WasmModule | null | undefined;

/** The module, compiled once per thread; null where WebAssembly is not allowed. */
function asciiCounterModule(): WasmModule | null {
  if (compiled === undefined) {
    try {
      if (webAssembly === undefined) throw new Error('no WebAssembly');
      const bytes = Uint8Array.from(atob(ASCII_COUNTER_WASM), (c) => c.charCodeAt(0));
      compiled = new webAssembly.Module(bytes);
    } catch (error) {
      // A page whose content security policy forbids WebAssembly counts in JavaScript instead:
      // the same figures, more slowly, and said so.
      console.warn(`Counting tokens without WebAssembly (slower): ${String(error)}`);
      compiled = null;
    }
  }
  return compiled;
}

/**
 * o200k_base's ASCII pre-tokens counted by WebAssembly: the vocabulary's piece table, the pair
 * ranks and the caches live in the module's own memory, and the text is copied in. The module
 * stops where a pre-token involves a non-ASCII char or an ASCII piece is too long to merge in it:
 * the caller counts that part and carries on (see BpeTokenCounter.countUtf8).
 */
export class AsciiCounter {
  private readonly memory: WasmMemory;
  private readonly exports: AsciiCounterExports;
  private readonly inputAt: number;
  private bytes: Uint8Array;
  /** Where loadText() put the line prefix sums. */
  private prefixAt = 0;

  /** A counter for the rank table, or null when the module cannot run here or fit the table. */
  static create(ranks: RankTable, maxMemory = MAX_MEMORY): AsciiCounter | null {
    if (!ranks.wholeIsOneToken || ranks.mergeLeft !== undefined) return null;
    const module = asciiCounterModule();
    return module && webAssembly ? new AsciiCounter(webAssembly, module, ranks, maxMemory) : null;
  }

  private constructor(
    api: WebAssemblyApi,
    module: WasmModule,
    ranks: RankTable,
    private readonly maxMemory: number,
  ) {
    const table = ranks.byBytes.parts();
    const align = (at: number) => (at + 63) & ~63;
    const classesAt = 64;
    const slotsAt = align(classesAt + CLASSES.length);
    const charsAt = align(slotsAt + table.slots.byteLength);
    const pairsAt = align(charsAt + table.charsUsed * 2);
    const recentAt = align(pairsAt + ranks.pairs.byteLength);
    const knownAt = align(recentAt + RECENT_SLOTS * (8 + 32));
    const scratchAt = align(knownAt + KNOWN_SLOTS * 16 + KNOWN_BYTES);
    this.inputAt = align(scratchAt + (MAX_MERGE + 1) * 8);
    this.memory = new api.Memory({ initial: Math.ceil((this.inputAt + PAGE) / PAGE) });
    const instance = new api.Instance(module, { env: { memory: this.memory } });
    this.exports = instance.exports as unknown as AsciiCounterExports;
    const buffer = this.memory.buffer;
    new Uint8Array(buffer, classesAt, CLASSES.length).set(CLASSES);
    new Int32Array(buffer, slotsAt, table.slots.length).set(table.slots);
    new Uint16Array(buffer, charsAt, table.charsUsed).set(table.chars.subarray(0, table.charsUsed));
    new Int32Array(buffer, pairsAt, ranks.pairs.length).set(ranks.pairs);
    this.exports.init(
      classesAt,
      slotsAt,
      charsAt,
      table.slots.length / 4,
      pairsAt,
      recentAt,
      knownAt,
      KNOWN_SLOTS,
      KNOWN_BYTES,
      scratchAt,
    );
    this.bytes = new Uint8Array(buffer);
  }

  /** Copies the text in; the view it gives holds it until the next load (null: too large). */
  load(text: Uint8Array): Uint8Array | null {
    if (!this.reserve(this.inputAt + text.length)) return null;
    this.bytes.set(text, this.inputAt);
    return this.bytes.subarray(this.inputAt, this.inputAt + text.length);
  }

  /**
   * Copies a string in as UTF-8 (a lone surrogate as U+FFFD, which the counter counts it as),
   * with room after it for the prefix sums of `lines` lines; the views hold them until the next
   * load (null: too large).
   */
  loadText(text: string, lines: number): { bytes: Uint8Array; prefix: Uint32Array } | null {
    const room = text.length * 3;
    this.prefixAt = (this.inputAt + room + 3) & ~3;
    if (!this.reserve(this.prefixAt + (lines + 1) * 4)) return null;
    const { written } = encoder.encodeInto(
      text,
      this.bytes.subarray(this.inputAt, this.inputAt + room),
    );
    return {
      bytes: this.bytes.subarray(this.inputAt, this.inputAt + written),
      prefix: new Uint32Array(this.memory.buffer, this.prefixAt, lines + 1),
    };
  }

  /**
   * Tokens of the loaded text from `at` until its end or the first pre-token left to the caller
   * (where it stopped and why: stoppedAt(), stoppedFor(), and for a long piece its end and
   * hash), the caller having counted `before` tokens. With `lines` (text loaded by loadText()),
   * also closing a line in its prefix sums at each "\n" of the pre-tokens it counts (after the
   * linesClosed() the caller closed); with `markAt`, stopping (STOP_MARK) at the first pre-token
   * once `before` plus the tokens it counted reach it.
   */
  countText(length: number, at: number, before = 0, lines = false, markAt = NO_MARK): number {
    const prefix = lines ? this.prefixAt : 0;
    return this.exports.countAscii(this.inputAt, length, at, prefix, before, markAt);
  }

  linesClosed(): number {
    return this.exports.linesClosed();
  }

  setLinesClosed(lines: number): void {
    this.exports.setLinesClosed(lines);
  }

  stoppedAt(): number {
    return this.exports.stoppedAt();
  }

  stoppedFor(): number {
    return this.exports.stoppedFor();
  }

  stoppedPieceEnd(): number {
    return this.exports.stoppedPieceEnd();
  }

  stoppedPieceHash(): number {
    return this.exports.stoppedPieceHash();
  }

  /** Grows the memory to hold `end` bytes (views made before are then stale), if it may. */
  private reserve(end: number): boolean {
    if (end <= this.memory.buffer.byteLength) return true;
    if (end > this.maxMemory) return false;
    try {
      this.memory.grow(Math.ceil((end - this.memory.buffer.byteLength) / PAGE));
    } catch {
      return false; // the process is short of memory: JavaScript needs none of this
    }
    this.bytes = new Uint8Array(this.memory.buffer);
    return true;
  }

  /** The long piece [from, to) of the loaded text has `tokens` tokens: cache it as counted. */
  remember(from: number, to: number, hash: number, tokens: number): void {
    this.exports.remember(this.inputAt, from, to, hash, tokens);
  }
}
