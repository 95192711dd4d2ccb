import { describe, expect, it } from 'vitest';
import { cx } from './class-names.js';

describe('cx', () => {
  it('joins the names that are on with single spaces', () => {
    expect(cx('card', false, 'plan', undefined, null, '', 'popular')).toBe('card plan popular');
  });

  it('gives an empty string when every name is off', () => {
    expect(cx(false, undefined)).toBe('');
  });
});
