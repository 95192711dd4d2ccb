import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { emitYamlDocument } from './yaml-emit.js';
import type { YamlValue } from './yaml-emit.js';
import { blockLiteral, isBlockLiteralSafe } from './yaml-scalar.js';

/** Parses with the `yaml` package, failing on any error or warning, and returns the value. */
function parseStrict(text: string): unknown {
  const document = parseDocument(text);
  expect(document.errors).toEqual([]);
  expect(document.warnings).toEqual([]);
  return document.toJS();
}

/** A value nested as chunk content is: in a mapping inside a sequence inside a mapping. */
function nested(content: string): { [key: string]: YamlValue } {
  return { files: [{ path: 'a', content }], tail: content };
}

describe('yaml strings', () => {
  const cases: [string, string, RegExp][] = [
    ['one final newline', 'a\nb\n', /content: \|2\n {4}a\n {4}b\n/],
    ['no final newline', 'a\nb', /content: \|2-\n {4}a\n {4}b\n/],
    ['several final newlines', 'a\n\n\n', /content: \|2\+\n {4}a\n\n\n/],
    ['leading indentation on the first line', '   x\ny\n', /content: \|2\n {7}x\n {4}y\n/],
    ['leading empty lines', '\n\n  x\n', /content: \|2\n\n\n {6}x\n/],
    ['tabs and trailing spaces', '\tx  \n \t\ny\n', /content: \|2\n {4}\tx {2}\n {5}\t\n {4}y\n/],
    ['a last line of spaces', '  a\n  ', /content: " {2}a\\n\\\n {4}\\ {2}"/],
    ['last lines of spaces and tabs', 'a\n \t\n\n', /content: "a\\n\\\n/],
    ['document markers and comments', '---\n...\n# c\n- a: b\n', /content: \|2\n {4}---\n/],
    ['unicode outside the BMP', '😀\n𝕏\n', /content: \|2\n {4}😀\n/],
    ['CR line ends', 'a\r\nb\r\n', /content: "a\\r\\n\\\n {4}b\\r\\n"/],
    ['a space after a folded line break', 'a\r\n b', /content: "a\\r\\n\\\n {4}\\ b"/],
    ['only blank lines', '\n  \n', /content: "\\n\\\n {4}\\ {2}\\n"/],
    ['control characters', 'a\u0000\u001b\u007f\u0085\u2028\n', /content: "a\\0\\e\\x7f\\N\\L\\n"/],
    ['a BOM', '\ufeffx\ny\n', /content: "\\ufeffx\\n\\/],
    ['only newlines', '\n\n', /content: "\\n\\\n {4}\\n"/],
    ['the empty string', '', /content: ""\n/],
    ['a plain-looking label', 'src/a.ts', /content: src\/a\.ts\n/],
    ['a YAML keyword', 'true', /content: "true"\n/],
    ['a number', '0x1F', /content: "0x1F"\n/],
    ['a dash', '- x', /content: "- x"\n/],
    ['a colon', 'a: b', /content: "a: b"\n/],
    ['a hash', 'a #b', /content: "a #b"\n/],
    ['trailing space', 'a ', /content: "a "\n/],
  ];

  it.each(cases)('%s round-trips in the expected style', (_name, content, style) => {
    const text = emitYamlDocument(nested(content));
    expect(text).toMatch(style);
    expect(parseStrict(text)).toEqual(nested(content));
  });

  it('block-literal-friendly text round-trips whatever its lines hold', () => {
    const fragment = fc.constantFrom(
      '- ',
      ': ',
      '#',
      '---',
      '...',
      ' ',
      '  ',
      '\t',
      '\n',
      '\n\n',
      'a',
      '|',
      '>',
      '"',
      "'",
      '😀',
      '`',
      '%YAML',
      '&x',
      '*x',
      '!t',
      '? ',
      '{',
      '[',
      ']',
      '}',
      ',',
      '\\',
      '|2-',
      'key: value',
    );
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 30 }), (parts) => {
        const content = parts.join('');
        expect(parseStrict(emitYamlDocument(nested(content)))).toEqual(nested(content));
      }),
      { numRuns: 300 },
    );
  });

  it('nested lists and empty collections round-trip', () => {
    const value = { a: [], b: {}, c: [[1, 2], [], ['x\ny\n', { k: 'v' }]], d: [1, 2, 3], e: null };
    expect(parseStrict(emitYamlDocument(value))).toEqual(value);
  });
});

// The rules as regular expressions state them; the module scans instead, for speed on long text.
const REFERENCE_NOT_BLOCK_SAFE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\ufeff\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const referenceBlockSafe = (text: string) =>
  text.includes('\n') &&
  !REFERENCE_NOT_BLOCK_SAFE.test(text) &&
  /[^\n \t]/.test(text) &&
  !/\n[ \t]+(?:\n[ \t]*)*$/.test(text);

describe('block literal rules', () => {
  const text = fc
    .array(
      fc.constantFrom(' ', '\t', '\n', 'a', '\r', '\u0000', '\u2028', '\ud800', '\udc00', '😀'),
      { maxLength: 24 },
    )
    .map((parts) => parts.join(''));

  it('take text as a block literal exactly as the reference rules do', () => {
    fc.assert(
      fc.property(text, (value) => {
        expect(isBlockLiteralSafe(value)).toBe(referenceBlockSafe(value));
      }),
      { numRuns: 2_000 },
    );
  });

  it('chomp by the number of final line breaks', () => {
    fc.assert(
      fc.property(text, fc.nat(3), (value, breaks) => {
        const body = value.replace(/\n+$/, '');
        const header = blockLiteral(body + '\n'.repeat(breaks), 2).split('\n')[0];
        expect(header).toBe(['|2-', '|2', '|2+', '|2+'][breaks]);
      }),
    );
  });
});
