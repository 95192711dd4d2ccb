import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeXmlAttribute, xmlAttributes } from './xml-escape.js';

const IMPOSSIBLE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const REFERENCES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '"': '&quot;',
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
};

/** The escaping written out in full: every value through both passes, no shortcut. */
function escapedInFull(text: string): string {
  return text.replace(IMPOSSIBLE, '\ufffd').replace(/[&<"\t\n\r]/g, (char) => REFERENCES[char]!);
}

/** Texts made mostly of the code units an attribute value must have changed. */
const awkwardText = fc
  .array(
    fc.oneof(
      fc.constantFrom('&', '<', '>', '"', "'", '\t', '\n', '\r', '\u0000', '\u001f', '\ufffe'),
      fc.constantFrom('\ud800', '\udc00', '\ud83d\ude00', 'é', 'src/a.ts', ' '),
      fc.string({ maxLength: 4 }),
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(''));

describe('escapeXmlAttribute', () => {
  it('changes a value exactly as both passes in full would, shortcut or not', () => {
    fc.assert(
      fc.property(fc.oneof(awkwardText, fc.string({ unit: 'binary' })), (text) => {
        expect(escapeXmlAttribute(text)).toBe(escapedInFull(text));
      }),
      { numRuns: 3000 },
    );
  });

  it('writes numbers as they are and strings escaped, in the order given', () => {
    expect(xmlAttributes({ path: 'a "b"\t&<c>', start_line: 12, part: -1.5 })).toBe(
      ' path="a &quot;b&quot;&#9;&amp;&lt;c>" start_line="12" part="-1.5"',
    );
  });
});
