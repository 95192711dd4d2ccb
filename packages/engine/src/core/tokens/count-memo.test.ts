import { describe, expect, it } from 'vitest';
import { CountMemo, MEMO_CHARS } from './count-memo.js';
import { loadTokenCounter } from './index.js';
import { recordingCounter } from './test-support/recording-counter.js';

const o200k = await loadTokenCounter('o200k_base');

const recording = () => recordingCounter(o200k);

function randomText(seed: number, length: number): string {
  const alphabet = ['a', 'Z', ' ', '\n', '`', '=', '/', '.', '7', 'é', '漢', '😀', '\t', '-'];
  let state = seed;
  let text = '';
  while (text.length < length) {
    state = (state * 1103515245 + 12345) >>> 0;
    text += alphabet[state % alphabet.length];
  }
  return text;
}

describe('CountMemo', () => {
  it('answers what the counter answers, for short and long texts alike', () => {
    const memo = new CountMemo();
    const counter = memo.wrap(o200k);
    for (let i = 0; i < 400; i++) {
      const text = randomText(i, i % 7 === 0 ? MEMO_CHARS + i : i % 90);
      expect(counter.count(text)).toBe(o200k.count(text));
      expect(counter.count(text)).toBe(o200k.count(text));
    }
    expect(counter.encoding).toBe('o200k_base');
    expect(counter.countLines('a\nb\n')).toEqual(o200k.countLines('a\nb\n'));
    expect(counter.fitPrefix('hello world', 1)).toEqual(o200k.fitPrefix('hello world', 1));
  });

  it('counts a short text once, and a long one every time', () => {
    const { counter: base, asked } = recording();
    const counter = new CountMemo().wrap(base);
    const short = '## src/a.ts\n\n```typescript\n';
    const long = 'x'.repeat(MEMO_CHARS + 1);
    for (let i = 0; i < 3; i++) {
      counter.count(short);
      counter.count(long);
    }
    expect(asked.filter((text) => text === short)).toHaveLength(1);
    expect(asked.filter((text) => text === long)).toHaveLength(3);
  });

  it('answers from earlier counts without counting, and keeps what the run used first', () => {
    const earlier = new Map([
      ['kept from before', o200k.count('kept from before')],
      ['not asked this time', 4],
    ]);
    const { counter: base, asked } = recording();
    const memo = new CountMemo(earlier);
    const counter = memo.wrap(base);
    expect(counter.count('kept from before')).toBe(o200k.count('kept from before'));
    expect(asked).toEqual([]);
    expect(memo.added).toBe(0);
    counter.count('new this run');
    expect(memo.added).toBe(1);
    expect([...memo.kept(10).keys()]).toEqual([
      'kept from before',
      'new this run',
      'not asked this time',
    ]);
    expect([...memo.kept(2).keys()]).toEqual(['kept from before', 'new this run']);
  });

  describe('countMany', () => {
    const digestOf = (text: string) => `${text.length}:${text.slice(0, 8)}:${text.slice(-8)}`;
    const batchOf = (calls: string[][]) => async (texts: readonly string[]) => {
      calls.push([...texts]);
      return texts.map((text) => o200k.count(text));
    };
    const long = [randomText(1, MEMO_CHARS + 1), randomText(2, 5 * MEMO_CHARS)];
    const short = [randomText(3, 40), '\n```\n\n## src/b.ts\n'];

    it('answers what the counter answers, and counts in one call only what it does not know', async () => {
      const calls: string[][] = [];
      const memo = new CountMemo(new Map(), digestOf);
      const texts = [...short, ...long, short[0] as string];
      const expected = texts.map((text) => o200k.count(text));
      expect(await memo.countMany(texts, batchOf(calls))).toEqual(expected);
      expect(calls).toEqual([[...short, ...long]]);
      expect(await memo.countMany(texts, batchOf(calls))).toEqual(expected);
      expect(calls).toHaveLength(1);
      expect(memo.added).toBe(4);
    });

    it('gives the next run long texts by their digest, and counts them when it has no digest', async () => {
      const first = new CountMemo(new Map(), digestOf);
      await first.countMany([...long, ...short], batchOf([]));
      const kept = first.kept(100);
      expect([...kept.keys()].some((key) => key.includes(long[0] as string))).toBe(false);

      const calls: string[][] = [];
      const next = new CountMemo(kept, digestOf);
      const answers = await next.countMany([...long, ...short], batchOf(calls));
      expect(answers).toEqual([...long, ...short].map((text) => o200k.count(text)));
      expect(calls).toEqual([]);
      expect(next.added).toBe(0);

      const undigested = new CountMemo(kept);
      await undigested.countMany([...long, ...short], batchOf(calls));
      expect(calls).toEqual([long]);
    });

    it('never takes a short text for the key of a long one', async () => {
      const memo = new CountMemo(new Map(), digestOf);
      await memo.countMany(long, batchOf([]));
      const [keyOfLong] = [...memo.kept(1).keys()];
      expect(keyOfLong?.length).toBeLessThanOrEqual(MEMO_CHARS);
      const calls: string[][] = [];
      const answers = await memo.countMany([keyOfLong as string], batchOf(calls));
      expect(answers).toEqual([o200k.count(keyOfLong as string)]);
      expect(calls).toEqual([[keyOfLong]]);
      expect(memo.wrap(o200k).count(keyOfLong as string)).toBe(o200k.count(keyOfLong as string));
    });
  });
});
