/** Per slot in `slots`: the key's hash, its value (EMPTY when free), its chars' start, length. */
const SLOT_INTS = 4;
const EMPTY = -1;

/**
 * Names the layout of a table's parts and the hash that places keys in it: a stored table (see
 * PieceTableParts) made under another layout is never read back.
 */
export const PIECE_TABLE_LAYOUT = `slots${SLOT_INTS}-fnv1a16-fold15`;

/** A table's arrays as they are, to store it and rebuild it without inserting every key again. */
export interface PieceTableParts {
  readonly slots: Int32Array;
  /** The keys' chars; only the first `charsUsed` are used. */
  readonly chars: Uint16Array;
  readonly charsUsed: number;
  readonly size: number;
}

/**
 * Open-addressing hash table from a string to a small count, probed with a range of a larger text
 * so the hot path never slices or allocates. The caller computes the hash with `hashRange`.
 *
 * Flat on purpose: a slot's hash, value and key position share one cache line, and the keys'
 * chars sit in one array. A probe of the 200,000-token vocabulary then touches two cache lines
 * instead of four (slot, key pointer, key string, value), which is most of a counter's time once
 * the small cache of recent pieces misses; and no key string is kept alive.
 */
export class PieceTable {
  private slots: Int32Array;
  private chars: Uint16Array;
  private charsUsed = 0;
  private mask: number;
  size = 0;

  constructor(expected: number) {
    let capacity = 16;
    while (capacity < expected * 2) capacity *= 2;
    this.slots = emptySlots(capacity);
    this.chars = new Uint16Array(Math.max(64, expected * 8));
    this.mask = capacity - 1;
  }

  /** A table from the parts of another (see parts()); it shares their arrays. */
  static fromParts(parts: PieceTableParts): PieceTable {
    const { slots, chars, charsUsed, size } = parts;
    const capacity = slots.length / SLOT_INTS;
    if (!Number.isInteger(capacity) || capacity < 16 || (capacity & (capacity - 1)) !== 0) {
      throw new Error('piece table slots are not a power of two');
    }
    if (charsUsed > chars.length || size * 2 > capacity) {
      throw new Error('piece table parts do not fit together');
    }
    const table = new PieceTable(0);
    table.slots = slots;
    table.chars = chars;
    table.charsUsed = charsUsed;
    table.mask = capacity - 1;
    table.size = size;
    return table;
  }

  /** The table's arrays (not copies): with fromParts, the same table elsewhere. */
  parts(): PieceTableParts {
    return { slots: this.slots, chars: this.chars, charsUsed: this.charsUsed, size: this.size };
  }

  /** The value stored for text[from, to), or -1. */
  get(text: string, from: number, to: number, hash: number): number {
    const slots = this.slots;
    const length = to - from;
    let slot = hash & this.mask;
    for (;;) {
      const at = slot * SLOT_INTS;
      const value = slots[at + 1]!;
      if (value === EMPTY) return -1;
      if (
        slots[at] === hash &&
        slots[at + 3] === length &&
        this.holds(slots[at + 2]!, text, from, length)
      ) {
        return value;
      }
      slot = (slot + 1) & this.mask;
    }
  }

  /** get() for the byte string of bytes[from, to) (one char per byte), hashed by hashBytes. */
  getBytes(bytes: Uint8Array, from: number, to: number, hash: number): number {
    const slots = this.slots;
    const chars = this.chars;
    const length = to - from;
    let slot = hash & this.mask;
    for (;;) {
      const at = slot * SLOT_INTS;
      const value = slots[at + 1]!;
      if (value === EMPTY) return -1;
      if (slots[at] === hash && slots[at + 3] === length) {
        const start = slots[at + 2]!;
        let i = 0;
        while (i < length && chars[start + i] === bytes[from + i]) i++;
        if (i === length) return value;
      }
      slot = (slot + 1) & this.mask;
    }
  }

  /** Stores `key` (not already present) with `hash = hashRange(key, 0, key.length)`. */
  set(key: string, hash: number, value: number): void {
    if ((this.size + 1) * 2 > this.slots.length / SLOT_INTS) this.grow();
    const start = this.store(key);
    this.place(hash, value, start, key.length);
    this.size++;
  }

  clear(): void {
    this.slots.fill(EMPTY);
    this.charsUsed = 0;
    this.size = 0;
  }

  private holds(start: number, text: string, from: number, length: number): boolean {
    const chars = this.chars;
    for (let i = 0; i < length; i++) {
      if (chars[start + i] !== text.charCodeAt(from + i)) return false;
    }
    return true;
  }

  private store(key: string): number {
    const start = this.charsUsed;
    if (start + key.length > this.chars.length) {
      const grown = new Uint16Array(Math.max(this.chars.length * 2, start + key.length));
      grown.set(this.chars.subarray(0, start));
      this.chars = grown;
    }
    for (let i = 0; i < key.length; i++) this.chars[start + i] = key.charCodeAt(i);
    this.charsUsed = start + key.length;
    return start;
  }

  private place(hash: number, value: number, start: number, length: number): void {
    const slots = this.slots;
    let slot = hash & this.mask;
    while (slots[slot * SLOT_INTS + 1] !== EMPTY) slot = (slot + 1) & this.mask;
    const at = slot * SLOT_INTS;
    slots[at] = hash;
    slots[at + 1] = value;
    slots[at + 2] = start;
    slots[at + 3] = length;
  }

  private grow(): void {
    const old = this.slots;
    const capacity = (old.length / SLOT_INTS) * 2;
    this.slots = emptySlots(capacity);
    this.mask = capacity - 1;
    for (let at = 0; at < old.length; at += SLOT_INTS) {
      if (old[at + 1] !== EMPTY) this.place(old[at]!, old[at + 1]!, old[at + 2]!, old[at + 3]!);
    }
  }
}

function emptySlots(capacity: number): Int32Array {
  return new Int32Array(capacity * SLOT_INTS).fill(EMPTY);
}

export const HASH_SEED = 0x811c9dc5 | 0;
export const HASH_PRIME = 0x01000193;

/** FNV-1a over the UTF-16 units of text[from, to), high bits folded in for the slot mask. */
export function hashRange(text: string, from: number, to: number): number {
  let hash = HASH_SEED;
  for (let i = from; i < to; i++) hash = Math.imul(hash ^ text.charCodeAt(i), HASH_PRIME);
  return finishHash(hash);
}

/** hashRange of the byte string of bytes[from, to): the same hash for the same key. */
export function hashBytes(bytes: Uint8Array, from: number, to: number): number {
  let hash = HASH_SEED;
  for (let i = from; i < to; i++) hash = Math.imul(hash ^ bytes[i]!, HASH_PRIME);
  return finishHash(hash);
}

/** The last step of hashRange, for callers that hash incrementally. */
export function finishHash(hash: number): number {
  return hash ^ (hash >>> 15);
}
