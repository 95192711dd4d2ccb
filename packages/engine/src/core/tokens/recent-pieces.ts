const SLOT_BITS = 14;
const SLOTS = 1 << SLOT_BITS;
/** Longest piece kept; longer ones are rare in code and go to the larger tables. */
const MAX_LENGTH = 15;

/**
 * A small direct-mapped cache of recently counted short pieces with their chars stored inline, in
 * front of the large vocabulary table: code repeats the same few thousand pieces, and this keeps
 * their lookups inside the CPU cache. A slot is simply overwritten on collision.
 */
export class RecentPieces {
  /** Per slot: the piece's hash, then (length << 16) | token count. */
  private readonly meta = new Int32Array(SLOTS * 2);
  private readonly chars = new Uint16Array(SLOTS * 16);

  /** Token count of text[from, to) if cached, else -1. */
  get(text: string, from: number, to: number, hash: number): number {
    const length = to - from;
    if (length > MAX_LENGTH) return -1;
    const slot = hash & (SLOTS - 1);
    if (this.meta[slot * 2] !== hash) return -1;
    const info = this.meta[slot * 2 + 1]!;
    if (info >>> 16 !== length) return -1;
    const chars = this.chars;
    const base = slot << 4;
    for (let i = 0; i < length; i++) {
      if (chars[base + i] !== text.charCodeAt(from + i)) return -1;
    }
    return info & 0xffff;
  }

  /** get() for bytes[from, to) of ASCII text (a byte per char). */
  getBytes(bytes: Uint8Array, from: number, to: number, hash: number): number {
    const length = to - from;
    if (length > MAX_LENGTH) return -1;
    const slot = hash & (SLOTS - 1);
    if (this.meta[slot * 2] !== hash) return -1;
    const info = this.meta[slot * 2 + 1]!;
    if (info >>> 16 !== length) return -1;
    const chars = this.chars;
    const base = slot << 4;
    for (let i = 0; i < length; i++) {
      if (chars[base + i] !== bytes[from + i]) return -1;
    }
    return info & 0xffff;
  }

  /** set() for bytes[from, to) of ASCII text. */
  setBytes(bytes: Uint8Array, from: number, to: number, hash: number, tokens: number): void {
    const length = to - from;
    if (length > MAX_LENGTH || tokens > 0xffff) return;
    const slot = hash & (SLOTS - 1);
    this.meta[slot * 2] = hash;
    this.meta[slot * 2 + 1] = (length << 16) | tokens;
    const chars = this.chars;
    const base = slot << 4;
    for (let i = 0; i < length; i++) chars[base + i] = bytes[from + i]!;
  }

  set(text: string, from: number, to: number, hash: number, tokens: number): void {
    const length = to - from;
    if (length > MAX_LENGTH || tokens > 0xffff) return;
    const slot = hash & (SLOTS - 1);
    this.meta[slot * 2] = hash;
    this.meta[slot * 2 + 1] = (length << 16) | tokens;
    const chars = this.chars;
    const base = slot << 4;
    for (let i = 0; i < length; i++) chars[base + i] = text.charCodeAt(from + i);
  }
}
