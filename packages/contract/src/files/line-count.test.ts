import { describe, expect, it } from 'vitest';
import { countLinesInBytes } from './line-count.js';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('countLinesInBytes', () => {
  it('counts an empty file as no lines', () => {
    expect(countLinesInBytes(bytes(''))).toBe(0);
  });

  it('counts a last line with or without its newline once', () => {
    expect(countLinesInBytes(bytes('a'))).toBe(1);
    expect(countLinesInBytes(bytes('a\n'))).toBe(1);
    expect(countLinesInBytes(bytes('a\nb'))).toBe(2);
    expect(countLinesInBytes(bytes('a\nb\n'))).toBe(2);
  });

  it('counts blank lines and CRLF endings as lines', () => {
    expect(countLinesInBytes(bytes('\n\n\n'))).toBe(3);
    expect(countLinesInBytes(bytes('a\r\nb\r\n'))).toBe(2);
  });
});
