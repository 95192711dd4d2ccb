// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  columnsOf,
  lineAt,
  lineOffsets,
  splitLines,
  visibleRange,
  widestLine,
} from './line-layout.js';

describe('code view layout', () => {
  it('splits lines, dropping the empty line after a final newline and any CR', () => {
    expect(splitLines('a\r\nb\n')).toEqual(['a', 'b']);
    expect(splitLines('a\n\n')).toEqual(['a', '']);
    expect(splitLines('')).toEqual(['']);
  });

  it('counts columns with tabs expanded to the next stop of 4', () => {
    expect([...columnsOf(['abc', '\tx', 'ab\tc', ''])]).toEqual([3, 5, 5, 0]);
    expect(widestLine(columnsOf(['a', 'abcdef', 'abc']))).toBe(6);
  });

  it('gives each line one row, or one row per wrapped width, or its measured height', () => {
    const columns = Uint32Array.from([10, 25, 0]);
    expect([...lineOffsets(columns, 20, null)]).toEqual([0, 20, 40, 60]);
    expect([...lineOffsets(columns, 20, 10)]).toEqual([0, 20, 80, 100]);
    expect([...lineOffsets(columns, 20, 10, new Map([[0, 50]]))]).toEqual([0, 50, 110, 130]);
  });

  it('finds the line at a position and the lines to render around a viewport', () => {
    const offsets = lineOffsets(new Uint32Array(1_000_000), 20, null);
    expect(lineAt(offsets, 0)).toBe(0);
    expect(lineAt(offsets, 39)).toBe(1);
    expect(lineAt(offsets, 20 * 500_000 + 5)).toBe(500_000);
    expect(lineAt(offsets, 1e12)).toBe(999_999);
    expect(visibleRange(offsets, 20 * 500_000, 200, 5)).toEqual({ start: 499_995, end: 500_016 });
    expect(visibleRange(offsets, 0, 100, 5)).toEqual({ start: 0, end: 11 });
  });
});
