// Test support only (imported by *.test.ts): random source files for property tests.
import fc from 'fast-check';

const fragments = [
  'const',
  ' x',
  ' = ',
  '1',
  '42',
  ';',
  '(',
  ')',
  '{',
  '}',
  ' return',
  '\t',
  '  ',
  '    ',
  'foo',
  'Bar',
  '"str"',
  '\\',
  '`',
  '```',
  '😀',
  '👩‍💻',
  '漢字',
  'é',
  'e\u0301',
  'ﬁ',
  ' ',
  '<a href="x">',
  '&amp;',
  '# ',
  '- ',
  ':',
  '\u0000',
];

const fragment = fc.constantFrom(...fragments);
const shortLine = fc.array(fragment, { maxLength: 24 }).map((parts) => parts.join(''));
/** Long enough to exceed small limits many times over. */
const longLine = fc
  .array(fragment, { minLength: 150, maxLength: 1500 })
  .map((parts) => parts.join(''));
const line = fc.oneof(
  { weight: 12, arbitrary: shortLine },
  { weight: 1, arbitrary: longLine },
  { weight: 3, arbitrary: fc.constant('') },
);

/** A file: empty, a few lines, or many; LF or CRLF; with or without a final newline. */
export const fileContent = fc
  .record({
    lines: fc.oneof(
      { weight: 1, arbitrary: fc.constant<string[]>([]) },
      { weight: 4, arbitrary: fc.array(line, { maxLength: 12 }) },
      { weight: 2, arbitrary: fc.array(line, { minLength: 40, maxLength: 160 }) },
    ),
    crlf: fc.boolean(),
    finalNewline: fc.boolean(),
  })
  .map(({ lines, crlf, finalNewline }) => {
    const end = crlf ? '\r\n' : '\n';
    return lines.join(end) + (finalNewline && lines.length > 0 ? end : '');
  });

export const fileSet = fc.array(fileContent, { maxLength: 6 });
