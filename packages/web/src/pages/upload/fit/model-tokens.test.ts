import { MODELS, toModelRow } from '@repobundle/contract';
import { describe, expect, it } from 'vitest';
import { modelTokensOf } from './model-tokens.js';

const row = (id: string) => toModelRow(MODELS.find((model) => model.id === id)!);

describe('the selection tokens for a model', () => {
  it('is exact for an o200k_base model, against its window or the budget', () => {
    expect(modelTokensOf(row('gpt-4o'), 120_000, null)).toMatchObject({
      tokens: 120_000,
      exact: true,
      band: null,
      limit: 128_000,
      limitKind: 'window',
      fits: true,
    });
    expect(modelTokensOf(row('gpt-4o'), 120_000, 50_000)).toMatchObject({
      limit: 50_000,
      limitKind: 'budget',
      fits: false,
    });
  });

  it('estimates other tokenizers with a stated basis and band, never as exact', () => {
    const llama = modelTokensOf(row('llama-3.1'), 100_000, null)!;
    expect(llama).toMatchObject({ exact: false, band: 0.04, fits: true });
    expect(llama.basis).toMatch(/^o200k_base × 1 .*±4%; the job counts exactly with llama3$/);
    const claude = modelTokensOf(row('claude-sonnet-4'), 100_000, null)!;
    expect(claude).toMatchObject({ tokens: 127_500, exact: false, band: 0.15 });
    expect(claude.basis).not.toMatch(/counts exactly/);
  });

  it("is exact with the tokens counted with the model's own tokenizer", () => {
    const llama = modelTokensOf(row('llama-3.1'), 100_000, null, 98_765)!;
    expect(llama).toMatchObject({ tokens: 98_765, exact: true, band: null, fits: true });
    expect(llama.basis).toBe('llama3, counted exactly in your browser');
    expect(modelTokensOf(row('gpt-4'), 1_000, null, 9_000)).toMatchObject({
      tokens: 9_000,
      exact: true,
      limit: 8_192,
      fits: false,
    });
  });

  it('says "may not fit" when the band straddles the limit', () => {
    // 150,000 x 1.275 = 191,250; +/-15% spans 162,563 to 219,938 around the 200,000 window.
    expect(modelTokensOf(row('claude-sonnet-4'), 150_000, null)?.fits).toBeNull();
    expect(modelTokensOf(row('claude-sonnet-4'), 100_000, null)?.fits).toBe(true);
    expect(modelTokensOf(row('claude-sonnet-4'), 200_000, null)?.fits).toBe(false);
  });
});
