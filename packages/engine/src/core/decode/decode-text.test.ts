import { describe, expect, it } from 'vitest';
import { decodeText } from './decode-text.js';
import { decodeWindows1252, firstInvalidUtf8, isPlausibleWindows1252 } from './legacy-encoding.js';
import { SNIFF_LENGTH } from './sniff-binary.js';

const MB = 1024 * 1024;
const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
const concat = (...parts: (Uint8Array | number[])[]): Uint8Array =>
  Uint8Array.from(parts.flatMap((part) => [...part]));

function utf16(text: string, endian: 'le' | 'be'): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const pair = [code & 0xff, code >> 8];
    out.push(...(endian === 'le' ? pair : pair.reverse()));
  }
  return Uint8Array.from(out);
}

describe('decodeText', () => {
  it('reads UTF-8 and keeps CRLF as is', () => {
    expect(decodeText('a.ts', utf8('const a = "é";\r\n'), MB)).toEqual({
      ok: true,
      text: 'const a = "é";\r\n',
      encoding: 'utf-8',
    });
    expect(decodeText('empty.txt', new Uint8Array(), MB)).toEqual({
      ok: true,
      text: '',
      encoding: 'utf-8',
    });
  });

  it('strips a UTF-8 BOM', () => {
    const result = decodeText('a.cs', concat([0xef, 0xbb, 0xbf], utf8('class A {}')), MB);
    expect(result).toEqual({ ok: true, text: 'class A {}', encoding: 'utf-8-bom' });
  });

  it.each(['le', 'be'] as const)('decodes UTF-16 %s with a BOM, NUL bytes and all', (endian) => {
    const text = 'héllo\r\nwörld € 😀\n';
    const bom = endian === 'le' ? [0xff, 0xfe] : [0xfe, 0xff];
    expect(decodeText('notes.txt', concat(bom, utf16(text, endian)), MB)).toEqual({
      ok: true,
      text,
      encoding: `utf-16${endian}`,
    });
  });

  it('refuses broken UTF-16 and UTF-32', () => {
    const odd = decodeText('a.txt', Uint8Array.from([0xff, 0xfe, 0x41, 0x00, 0x42]), MB);
    expect(odd).toMatchObject({ ok: false, reason: { kind: 'undecodable' } });
    const lone = decodeText('a.txt', concat([0xff, 0xfe], utf16('a', 'le'), [0x00, 0xd8]), MB);
    expect(lone).toMatchObject({
      ok: false,
      reason: { kind: 'undecodable', detail: expect.stringContaining('surrogate') },
    });
    const utf32 = decodeText('a.txt', Uint8Array.from([0xff, 0xfe, 0, 0, 0x41, 0, 0, 0]), MB);
    expect(utf32).toMatchObject({
      ok: false,
      reason: { kind: 'undecodable', detail: expect.stringContaining('UTF-32') },
    });
  });

  it.each([
    ['é', 1],
    ['€', 1],
    ['€', 2],
    ['😀', 1],
    ['😀', 2],
    ['😀', 3],
  ])('keeps text whose %s is cut by the sniffing boundary after %i byte(s)', (char, before) => {
    const text = `${'a'.repeat(SNIFF_LENGTH - before)}${char} and more text after the boundary\n`;
    const bytes = utf8(text);
    // The character really straddles the boundary: it starts `before` bytes ahead of it.
    expect(bytes[SNIFF_LENGTH - before]! >= 0xc0).toBe(true);
    expect(utf8(char).length).toBeGreaterThan(before);
    expect(decodeText('big.md', bytes, MB)).toEqual({ ok: true, text, encoding: 'utf-8' });
  });

  it('detects binary content by NUL bytes and by stray control characters', () => {
    expect(decodeText('data', Uint8Array.from([0x41, 0x00, 0x42]), MB)).toEqual({
      ok: false,
      reason: { kind: 'binary', by: 'content' },
    });
    const controls = Uint8Array.from({ length: 1000 }, (_, i) => (i % 5 === 0 ? 0x01 : 0x41));
    expect(decodeText('data', controls, MB)).toEqual({
      ok: false,
      reason: { kind: 'binary', by: 'content' },
    });
    const colours = utf8('\u001b[31merror\u001b[0m\f\tdone\n');
    expect(decodeText('build.log', colours, MB)).toMatchObject({ ok: true });
  });

  it('goes by extension before reading content', () => {
    expect(decodeText('logo.PNG', utf8('looks like text'), MB)).toEqual({
      ok: false,
      reason: { kind: 'binary', by: 'extension' },
    });
  });

  it('enforces the size cap on the actual bytes', () => {
    const bytes = utf8('x'.repeat(101));
    expect(decodeText('a.txt', bytes, 100)).toEqual({
      ok: false,
      reason: { kind: 'too-large', size: 101, limit: 100 },
    });
    expect(decodeText('a.txt', bytes, 101)).toMatchObject({ ok: true });
  });

  it('reads Western legacy text as windows-1252', () => {
    const bytes = Uint8Array.from([
      ...utf8('// caf'),
      0xe9,
      ...utf8(' cr'),
      0xe8,
      ...utf8('me '),
      0x80,
      0x0a,
    ]);
    expect(decodeText('menu.c', bytes, MB)).toEqual({
      ok: true,
      text: '// café crème €\n',
      encoding: 'windows-1252',
    });
  });

  it('refuses invalid UTF-8 that is not plausibly windows-1252, saying where', () => {
    // "Привет мир" in windows-1251: runs of high bytes.
    const cyrillic = Uint8Array.from([
      0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2, 0x20, 0xec, 0xe8, 0xf0, 0x0a,
    ]);
    expect(decodeText('ru.txt', cyrillic, MB)).toEqual({
      ok: false,
      reason: {
        kind: 'undecodable',
        detail: 'not valid UTF-8 (byte 0xcf at offset 0) and not recognisably windows-1252',
      },
    });
    const withBom = concat([0xef, 0xbb, 0xbf], utf8('ok '), [0xe9]);
    expect(decodeText('a.txt', withBom, MB)).toMatchObject({
      ok: false,
      reason: { kind: 'undecodable', detail: expect.stringContaining('offset 6') },
    });
  });
});

describe('legacy encoding helpers', () => {
  it.each([
    [[0x61, 0x62], -1],
    [[0x61, 0xc0, 0x80], 1],
    [[0xed, 0xa0, 0x80], 0],
    [[0xf5, 0x80, 0x80, 0x80], 0],
    [[0xe2, 0x82], 0],
    [[0xf0, 0x9f, 0x98, 0x80, 0xff], 4],
  ])('finds the first invalid UTF-8 byte in %j', (bytes, offset) => {
    expect(firstInvalidUtf8(Uint8Array.from(bytes))).toBe(offset);
  });

  it('rejects bytes windows-1252 does not define', () => {
    expect(isPlausibleWindows1252(Uint8Array.from([0x61, 0x81, 0x61]))).toBe(false);
    expect(isPlausibleWindows1252(Uint8Array.from([0x61, 0xe9, 0x61, 0x61, 0x61]))).toBe(true);
  });
});

describe('decodeWindows1252', () => {
  it('maps 0x80..0x9F to the windows-1252 characters, not C1 controls', () => {
    expect(decodeWindows1252(Uint8Array.from([0x80, 0x93, 0x94, 0x9f, 0xe9, 0x41]))).toBe('€“”ŸéA');
  });

  it('handles inputs longer than one chunk', () => {
    const bytes = new Uint8Array(20_000).fill(0x92);
    expect(decodeWindows1252(bytes)).toBe('’'.repeat(20_000));
  });
});
