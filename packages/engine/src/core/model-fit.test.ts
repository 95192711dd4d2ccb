import { describe, expect, it } from 'vitest';
import { findModel } from '@repobundle/contract/models';
import { countingTokenizer, describeModelFit, fitModel } from './model-fit.js';

describe('countingTokenizer', () => {
  it('is the model tokenizer when public, the estimate base otherwise, else the encoding', () => {
    expect(countingTokenizer({ encoding: 'o200k_base', targetModel: 'llama-3.1' })).toBe('llama3');
    expect(countingTokenizer({ encoding: 'o200k_base', targetModel: 'gpt-4' })).toBe('cl100k_base');
    expect(countingTokenizer({ encoding: 'cl100k_base', targetModel: 'claude-sonnet-4' })).toBe(
      'o200k_base',
    );
    expect(countingTokenizer({ encoding: 'cl100k_base' })).toBe('cl100k_base');
  });
});

describe('fitModel', () => {
  it('compares exact counts with the window, the window itself included', () => {
    expect(fitModel('gpt-4', 8192)).toMatchObject({ tokens: 8192, fits: true, error_band: null });
    expect(fitModel('gpt-4', 8193).fits).toBe(false);
    expect(describeModelFit(fitModel('gpt-4', 8193))).toBe(
      'GPT-4 (cl100k_base): 8,193 tokens; does not fit the 8,192-token window',
    );
  });

  it('scales an estimate and answers "may not fit" when its band straddles the window', () => {
    const model = findModel('claude-sonnet-4');
    if (model === undefined || model.exact) throw new Error('claude-sonnet-4 must be estimated');
    const atWindow = Math.round(200_000 / model.ratio);
    const fit = fitModel('claude-sonnet-4', atWindow);
    expect(fit.exact).toBe(false);
    expect(fit.tokens).toBe(Math.round(atWindow * model.ratio));
    expect(fit.fits).toBeNull();
    expect(describeModelFit(fit)).toMatch(
      /^Claude Sonnet 4 \(claude, estimated\): ~200,000 tokens, \+\/-\d+%; may not fit the 200,000-token window$/,
    );
    expect(fitModel('claude-sonnet-4', Math.round(atWindow / 2)).fits).toBe(true);
    expect(fitModel('claude-sonnet-4', atWindow * 2).fits).toBe(false);
  });

  it('shows an estimate with three significant digits', () => {
    const model = findModel('claude-sonnet-4');
    if (model === undefined || model.exact) throw new Error('claude-sonnet-4 must be estimated');
    expect(
      describeModelFit(fitModel('claude-sonnet-4', Math.round(123_456 / model.ratio))),
    ).toMatch(/: ~123,000 tokens, /);
  });
});
