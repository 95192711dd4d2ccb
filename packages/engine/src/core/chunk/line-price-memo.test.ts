import { describe, expect, it } from 'vitest';
import { LinePriceMemo } from './line-price-memo.js';

const digestOf = (format: string, text: string) => `${format}\0${text}`;
const prices = (...values: number[]) => Uint32Array.from(values);

describe('LinePriceMemo', () => {
  it('prices a text once per format and answers again from memory', () => {
    const memo = new LinePriceMemo(() => new Map(), digestOf);
    const priced: string[] = [];
    const price = (label: string, result: Uint32Array) => () => {
      priced.push(label);
      return result;
    };
    const json = memo.recall('json', 'a\nb\n', price('json', prices(0, 3, 6)));
    expect(memo.recall('json', 'a\nb\n', price('json again', prices(9)))).toBe(json);
    expect(memo.recall('xml', 'a\nb\n', price('xml', prices(0, 2, 4)))).toEqual(prices(0, 2, 4));
    expect(priced).toEqual(['json', 'xml']);
    expect(memo.added).toBe(2);
  });

  it('reads what earlier runs kept on its first question only, and prices none of it again', () => {
    let loads = 0;
    const earlier = new Map([[digestOf('yaml', 'x\n'), prices(0, 4)]]);
    const memo = new LinePriceMemo(() => {
      loads++;
      return earlier;
    }, digestOf);
    expect(loads).toBe(0);
    const never = () => {
      throw new Error('priced again');
    };
    expect(memo.recall('yaml', 'x\n', never)).toEqual(prices(0, 4));
    expect(memo.recall('yaml', 'x\n', never)).toEqual(prices(0, 4));
    expect(loads).toBe(1);
    expect(memo.added).toBe(0);
  });

  it('keeps what this run used first, then the earlier prices, within a size', () => {
    const earlier = new Map([
      [digestOf('json', 'old'), prices(0, 1)],
      [digestOf('json', 'used'), prices(0, 2)],
    ]);
    const memo = new LinePriceMemo(() => earlier, digestOf);
    memo.recall('json', 'new', () => prices(0, 3));
    memo.recall('json', 'used', () => prices(9));
    const everything = memo.kept(1024);
    expect([...everything.keys()]).toEqual([
      digestOf('json', 'new'),
      digestOf('json', 'used'),
      digestOf('json', 'old'),
    ]);
    // Each array holds 8 bytes: two fit in 20.
    expect([...memo.kept(20).keys()]).toEqual([digestOf('json', 'new'), digestOf('json', 'used')]);
  });
});
