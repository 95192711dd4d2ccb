import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyEdits } from '../text-edit.js';
import { LEXER_RULES } from './lexer-rules.js';
import type { LexerRules } from './lexer-rules.js';
import { scanComments } from './scan-comments.js';
import { scanMarkupComments } from './scan-markup-comments.js';

/** Characters that tempt a scanner: every comment marker of the families, quotes, escapes. */
const TEMPTING = ['/', '*', '-', '#', '"', "'", '\\', ' ', 'a', '\n'];

const stringBody = (quote: string) =>
  fc
    .array(
      fc.constantFrom(
        ...TEMPTING.filter((char) => char !== quote && char !== '\n' && char !== '\\'),
      ),
      {
        maxLength: 8,
      },
    )
    .map((chars) => chars.join(''));

/** Source made of code words, strings holding comment markers, and comments. */
function sourceOf(rules: LexerRules) {
  const [lineMarker = '//'] = rules.lineComments;
  const block = rules.blockComments[0];
  const segment = fc.oneof(
    fc.constantFrom('x', ' ', '\n', '1', '+', '(', ')', ';'),
    fc.constantFrom('"', "'").chain((quote) => stringBody(quote).map((body) => ({ quote, body }))),
    fc.constantFrom('note', '/* star */', '-- dash', '# hash').map((words) => ({ line: words })),
    ...(block ? [fc.constantFrom('a', 'b c').map((words) => ({ block: words }))] : []),
  );
  return fc.array(segment, { maxLength: 30 }).map((segments) => {
    let text = '';
    const strings: string[] = [];
    for (const part of segments) {
      if (typeof part === 'string') text += part;
      else if ('quote' in part) {
        const literal = `${part.quote}${part.body}${part.quote}`;
        strings.push(literal);
        text += ` ${literal} `;
      } else if ('line' in part) text += ` ${lineMarker} ${part.line}\n`;
      else if (block) text += ` ${block.open} ${part.block} ${block.close} `;
    }
    return { text, strings };
  });
}

describe('scanComments', () => {
  for (const [language, rules] of [
    ['objective-c', LEXER_RULES['objective-c']],
    ['sql', LEXER_RULES.sql],
    ['fish', LEXER_RULES.fish],
  ] as const) {
    it(`never reports a range inside a string (${language})`, () => {
      const withStrings = { ...(rules as LexerRules), bail: undefined };
      fc.assert(
        fc.property(sourceOf(withStrings), ({ text, strings }) => {
          const scan = scanComments(text, withStrings);
          if (!scan.ok) return;
          const kept = applyEdits(
            text,
            scan.comments.map((range) => ({ ...range, replacement: '' })),
          );
          let from = 0;
          for (const literal of strings) {
            const at = kept.indexOf(literal, from);
            expect(at, `${literal} survives in ${JSON.stringify(kept)}`).toBeGreaterThanOrEqual(0);
            from = at + literal.length;
          }
        }),
        { numRuns: 500 },
      );
    });
  }

  it('follows nested block comments where the language nests them', () => {
    const scan = scanComments('a /* x /* y */ z */ b', LEXER_RULES.swift as LexerRules);
    expect(scan).toEqual({ ok: true, comments: [{ start: 2, end: 19 }] });
  });

  it('gives up on constructs it cannot follow, saying where', () => {
    const dollar = scanComments('select $$ -- not $$;\n', LEXER_RULES.sql as LexerRules);
    expect(dollar).toEqual({ ok: false, reason: '"$$" on line 1' });
    const open = scanComments('let s = "unterminated\n', LEXER_RULES.swift as LexerRules);
    expect(open.ok).toBe(false);
    const interpolation = scanComments('var s = "${a("//")}";', LEXER_RULES.dart as LexerRules);
    expect(interpolation).toEqual({ ok: false, reason: 'string interpolation on line 1' });
  });

  it('takes SQL line comments only before whitespace (MySQL), keeping 1--1 arithmetic', () => {
    const scan = scanComments('select 1--1, 2 -- note\n', LEXER_RULES.sql as LexerRules);
    expect(scan).toEqual({ ok: true, comments: [{ start: 15, end: 22 }] });
  });

  it('takes whole-line comments only in line-oriented config files', () => {
    const text = 'key=value#not\n  # yes\n';
    const scan = scanComments(text, LEXER_RULES.ini as LexerRules);
    expect(scan.ok && scan.comments.map((range) => text.slice(range.start, range.end))).toEqual([
      '# yes',
    ]);
  });
});

describe('scanMarkupComments', () => {
  it('finds <!-- --> outside CDATA, attributes, scripts and processing instructions', () => {
    const text = [
      '<?xml version="1.0"?><!-- one -->',
      '<a title="<!-- no -->"><![CDATA[ <!-- no --> ]]></a>',
      '<script>var s = "<!-- no -->";</script><!-- two -->',
    ].join('\n');
    const scan = scanMarkupComments(text);
    expect(scan.ok && scan.comments.map((range) => text.slice(range.start, range.end))).toEqual([
      '<!-- one -->',
      '<!-- two -->',
    ]);
  });

  it('steps over an Astro frontmatter block', () => {
    const text = '---\nconst s = "<!-- no -->";\n---\n<p><!-- yes --></p>\n';
    const scan = scanMarkupComments(text);
    expect(scan.ok && scan.comments.map((range) => text.slice(range.start, range.end))).toEqual([
      '<!-- yes -->',
    ]);
  });

  it('gives up on an unterminated comment', () => {
    expect(scanMarkupComments('<a/><!-- open').ok).toBe(false);
  });
});
