import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { TOKENIZERS } from '@repobundle/contract/models';
import '../../io/tekken-vocabulary.js';
import { assertProperty } from '../chunk/test-support/assert-property.js';
import {
  isNewlineJunction,
  isWordEnd,
  joinsCleanly,
  MAX_READ_PAST_END,
  probeStart,
} from './clean-joins.js';
import { getTokenCounter, loadTokenCounter } from './index.js';
import { loadRankTable } from './rank-table.js';
import { createPieceEnd } from './split-patterns.js';
import type { TokenCounter } from './token-counter.js';

// The vocabularies load asynchronously, once per test file.
await Promise.all([loadRankTable('o200k_base'), loadRankTable('cl100k_base')]);

const encodings = ['o200k_base', 'cl100k_base'] as const;

describe.each(encodings)('joinsCleanly (%s)', (encoding) => {
  const counter = getTokenCounter(encoding);
  const sum = (parts: string[]) => parts.reduce((total, part) => total + counter.count(part), 0);

  it('accepts the junctions a markdown chunk has', () => {
    const parts = ['## `a.ts` (lines 1-3)\n```typescript\n', 'const a = 1;\n', '```\n\n'];
    expect(joinsCleanly(parts, encoding)).toBe(true);
    expect(sum(parts)).toBe(counter.count(parts.join('')));
  });

  it.each([
    ['a newline run that continues', ['x\n', '\nfoo']],
    ['letters that merge', ['foo', 'bar']],
    ['trailing spaces before text', ['a  ', 'b']],
  ])('refuses %s', (_name, parts) => {
    expect(joinsCleanly(parts, encoding)).toBe(false);
  });

  it('knows that only o200k lets punctuation swallow a slash after a newline', () => {
    expect(joinsCleanly(['x;\n', '/* c */'], encoding)).toBe(encoding === 'cl100k_base');
    expect(joinsCleanly(['```ts\n', '// c\n'], encoding)).toBe(true);
  });

  it('lets line prefix sums price any span cut at newline junctions exactly', () => {
    const line = fc
      .array(
        fc.constantFrom(
          '  ',
          '\t',
          'const',
          ' x',
          ' = ',
          '1;',
          '// c',
          '/',
          '*/',
          "'s",
          '😀',
          'é',
          '\r',
          '\u0085',
          '  \n',
        ),
        { maxLength: 6 },
      )
      .map((pieces) => pieces.join(''));
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 12 }),
        fc.nat(),
        fc.nat(),
        (lines, a, b) => {
          const text = lines.join('\n') + '\n';
          const prefix = counter.countLines(text);
          const starts = [0];
          for (
            let at = text.indexOf('\n');
            at !== -1 && at < text.length - 1;
            at = text.indexOf('\n', at + 1)
          ) {
            starts.push(at + 1);
          }
          starts.push(text.length);
          const first = a % starts.length;
          const last = first + (b % (starts.length - first));
          const clean = (offset: number) =>
            offset === 0 || offset === text.length || isNewlineJunction(text, offset, text, offset);
          const [from, to] = [starts[first] as number, starts[last] as number];
          if (clean(from) && clean(to)) {
            expect((prefix[last] as number) - (prefix[first] as number)).toBe(
              counter.count(text.slice(from, to)),
            );
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('cuts at a word end, inside a line, only where the counts add up', () => {
    const piece = fc.oneof(
      fc.constantFrom('ab', 'Ab', 'AB', '12', '1234', "'s", "'", ' ', '\t', '\n', '/', '.', '_'),
      fc.constantFrom('"', ',', ';', '{', '}', 'é', 'ñ', '😀', '\u0301', '\u00a0', '-'),
      fc.string({ maxLength: 4 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const text = pieces.join('');
        for (let at = 0; at <= text.length; at++) {
          if (isWordEnd(text, at, encoding)) {
            expect(counter.count(text.slice(0, at)) + counter.count(text.slice(at))).toBe(
              counter.count(text),
            );
          }
        }
      }),
      { numRuns: 2000 },
    );
    expect(isWordEnd('value;', 5, encoding)).toBe(true);
    expect(isWordEnd("it's", 2, encoding)).toBe(false);
  });

  it('starts its probe at the boundary a scan from the first character finds', () => {
    const pieceEnd = createPieceEnd(encoding);
    const scannedFromStart = (text: string) => {
      let start = 0;
      for (let at = 0; at <= text.length - MAX_READ_PAST_END; at = pieceEnd(text, at)) start = at;
      return start;
    };
    const piece = fc.oneof(
      fc.constantFrom('ab', 'Ab', '12', '1234', "'s", ' ', '  ', '\t', '\n', '\r\n', '/', '.'),
      fc.constantFrom(';', '{', '}', '`', '=', 'é', '😀', '\u0301', '\u00a0', '\u0085', "'v"),
      fc.string({ maxLength: 4 }),
    );
    const text = fc
      .array(piece, { minLength: 1, maxLength: 16 })
      .map((pieces) => pieces.join(''))
      .filter((joined) => joined.length > 0);
    fc.assert(
      fc.property(text, (value) => {
        expect(probeStart(value, encoding).start).toBe(scannedFromStart(value));
      }),
      { numRuns: 3000 },
    );
  });
});

// Every tokenizer whose counter splits into pre-tokens: junctions the chunk stage prices.
describe.each(TOKENIZERS.filter((name) => name !== 'gemma3'))(
  'isCleanJunction (%s)',
  (encoding) => {
    let counter: TokenCounter;
    beforeAll(async () => {
      counter = await loadTokenCounter(encoding);
    });
    const sum = (parts: string[]) => parts.reduce((total, part) => total + counter.count(part), 0);

    it('refuses a contraction that a pre-token ending before the junction reads into', () => {
      // "A'v" alone is "A", "'v"; "A'vEA" starts with "A'vE" where contractions are case-blind.
      for (const parts of [
        ["A'v", 'EA'],
        ["x'l", 'L'],
      ]) {
        if (joinsCleanly(parts, encoding)) expect(sum(parts)).toBe(counter.count(parts.join('')));
      }
    });

    it('never accepts a split whose counts do not add up', async () => {
      const piece = fc.oneof(
        fc.constantFrom(
          '\n',
          '\r\n',
          ' ',
          '  ',
          '\t',
          '/',
          '//',
          '`',
          '```',
          '=',
          '==',
          "'s",
          'ab',
          'Ab',
          '12',
          '1234',
          ';',
          '{',
          'é',
          '😀',
          '\u00a0',
          '\u0085',
          "'v",
          "'l",
          "'r",
          'E',
          'L',
        ),
        fc.string({ maxLength: 6 }),
      );
      const part = fc.array(piece, { maxLength: 6 }).map((pieces) => pieces.join(''));
      await assertProperty(
        fc.asyncProperty(fc.array(part, { minLength: 2, maxLength: 4 }), async (parts) => {
          if (joinsCleanly(parts, encoding)) {
            expect(sum(parts)).toBe(counter.count(parts.join('')));
          }
        }),
        2000,
        // The seed that found "A'v" + "EA" (o200k), whatever runs it now takes.
        -4944428,
      );
    });
  },
);

describe('fitPrefix', () => {
  const counter = getTokenCounter('o200k_base');
  it('takes the longest prefix of whole pre-tokens within the budget', () => {
    const text = 'const alpha = beta + gamma; // done';
    for (let budget = 0; budget <= counter.count(text); budget++) {
      const { length, tokens } = counter.fitPrefix(text, budget);
      expect(tokens).toBeLessThanOrEqual(budget);
      expect(counter.count(text.slice(0, length))).toBe(tokens);
      if (length < text.length) {
        const next = counter.fitPrefix(text, budget + 1);
        expect(next.length).toBeGreaterThanOrEqual(length);
      }
    }
    expect(counter.fitPrefix(text, 1_000)).toEqual({
      length: text.length,
      tokens: counter.count(text),
    });
  });

  it('goes on from a fit with a smaller budget to the same answer, in every tokenizer', async () => {
    const text =
      "x=function(){return a.b(c,d)||'café 日本語 ' + 12345},y=[1,2,3].map(n=>n*2);  \u00e9\u0301 ";
    for (const name of ['o200k_base', 'cl100k_base', 'qwen3', 'deepseek_v3'] as const) {
      const tokenizer = await loadTokenCounter(name);
      const total = tokenizer.count(text);
      for (let small = 0; small <= total; small += 3) {
        const earlier = tokenizer.fitPrefix(text, small);
        for (const budget of [small, small + 1, small + 7, total]) {
          expect(tokenizer.fitPrefix(text, budget, earlier), `${name} ${small} ${budget}`).toEqual(
            tokenizer.fitPrefix(text, budget),
          );
        }
      }
    }
  });
});
