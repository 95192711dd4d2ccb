/**
 * Open-addressing hash table from a string to a small count, probed with a range of a larger text
 * so the hot path never slices or allocates. The caller computes the hash with `hashRange`.
 */
export class PieceTable {
  private keys: (string | undefined)[];
  private hashes: Int32Array;
  private values: Int32Array;
  private mask: number;
  size = 0;

  constructor(expected: number) {
    let capacity = 16;
    while (capacity < expected * 2) capacity *= 2;
    this.keys = new Array<string | undefined>(capacity).fill(undefined);
    this.hashes = new Int32Array(capacity);
    this.values = new Int32Array(capacity);
    this.mask = capacity - 1;
  }

  /** The value stored for text[from, to), or -1. */
  get(text: string, from: number, to: number, hash: number): number {
    const keys = this.keys;
    const length = to - from;
    let slot = hash & this.mask;
    for (;;) {
      const key = keys[slot];
      if (key === undefined) return -1;
      if (this.hashes[slot] === hash && key.length === length && text.startsWith(key, from)) {
        return this.values[slot]!;
      }
      slot = (slot + 1) & this.mask;
    }
  }

  /** Stores `key` (not already present) with `hash = hashRange(key, 0, key.length)`. */
  set(key: string, hash: number, value: number): void {
    if ((this.size + 1) * 2 > this.keys.length) this.grow();
    let slot = hash & this.mask;
    while (this.keys[slot] !== undefined) slot = (slot + 1) & this.mask;
    this.keys[slot] = key;
    this.hashes[slot] = hash;
    this.values[slot] = value;
    this.size++;
  }

  clear(): void {
    this.keys.fill(undefined);
    this.size = 0;
  }

  private grow(): void {
    const { keys, hashes, values } = this;
    const capacity = keys.length * 2;
    this.keys = new Array<string | undefined>(capacity).fill(undefined);
    this.hashes = new Int32Array(capacity);
    this.values = new Int32Array(capacity);
    this.mask = capacity - 1;
    this.size = 0;
    for (let slot = 0; slot < keys.length; slot++) {
      const key = keys[slot];
      if (key !== undefined) this.set(key, hashes[slot]!, values[slot]!);
    }
  }
}

export const HASH_SEED = 0x811c9dc5 | 0;
export const HASH_PRIME = 0x01000193;

/** FNV-1a over the UTF-16 units of text[from, to), high bits folded in for the slot mask. */
export function hashRange(text: string, from: number, to: number): number {
  let hash = HASH_SEED;
  for (let i = from; i < to; i++) hash = Math.imul(hash ^ text.charCodeAt(i), HASH_PRIME);
  return finishHash(hash);
}

/** The last step of hashRange, for callers that hash incrementally. */
export function finishHash(hash: number): number {
  return hash ^ (hash >>> 15);
}

/**
 * A standalone copy of text[from, to): V8 may represent a long slice as a view that keeps the whole
 * source text alive, which a long-lived cache must not do.
 */
export function copyRange(text: string, from: number, to: number): string {
  if (to - from < 16) return text.slice(from, to);
  const codes: number[] = [];
  for (let i = from; i < to; i++) codes.push(text.charCodeAt(i));
  let out = '';
  for (let i = 0; i < codes.length; i += 8192)
    out += String.fromCharCode(...codes.slice(i, i + 8192));
  return out;
}
