// Deterministic random text for synthetic credentials (tests and the bench build tokens from
// parts instead of committing realistic-looking secrets).

export const DIGITS = '0123456789';
export const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
export const LOWER = 'abcdefghijklmnopqrstuvwxyz';
export const ALNUM = DIGITS + UPPER + LOWER;
export const HEX = '0123456789abcdef';
export const BASE64 = ALNUM + '+/';
export const BASE64URL = ALNUM + '-_';

/** mulberry32: small, fast, and the same sequence on every platform for a seed. */
export function createRng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class RandomText {
  constructor(readonly next: () => number) {}

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /** `length` characters of `alphabet`, re-drawn until no character repeats 4 times in a row. */
  from(alphabet: string, length: number): string {
    for (;;) {
      let text = '';
      for (let i = 0; i < length; i++) text += alphabet[Math.floor(this.next() * alphabet.length)];
      if (!/(.)\1{3}/.test(text) && !/0123|1234|abcd|xxx/i.test(text)) return text;
    }
  }

  alnum(length: number): string {
    return this.from(ALNUM, length);
  }

  hex(length: number): string {
    return this.from(HEX, length);
  }

  uuid(): string {
    const h = this.hex(32);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20)}`;
  }

  /** Base64 lines of `width` characters, as in PEM bodies. */
  base64Lines(length: number, width = 64, newline = '\n'): string {
    const text = this.from(BASE64, length);
    const lines: string[] = [];
    for (let i = 0; i < text.length; i += width) lines.push(text.slice(i, i + width));
    return lines.join(newline);
  }
}

export function base64url(text: string): string {
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
