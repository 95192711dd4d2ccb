import { RunMemo } from '../run-memo.js';

/**
 * Line prices of files in a format that escapes content (json, xml, yaml, csv), kept from one run
 * to the next. The chunk stage prices such a file by encoding every line as the format writes it
 * and counting the encoded text (see priceLines in cost-model.ts): on a second run of the same
 * folder, the same texts again. The file stage's own counts serve the verbatim formats; these
 * serve the others. A price depends only on the format, the text and the tokenizer (one memo per
 * tokenizer), so a remembered one is what pricing again would give.
 */
export class LinePriceMemo {
  private readonly prices: RunMemo<Uint32Array>;

  /**
   * `load`: the prices an earlier run kept, read on the first question (a run in a verbatim
   * format never asks). `digestOf`: a collision-resistant digest of a format and a text.
   */
  constructor(
    load: () => ReadonlyMap<string, Uint32Array>,
    private readonly digestOf: (format: string, text: string) => string,
  ) {
    this.prices = new RunMemo(load);
  }

  /**
   * The line prices of `text` in `format`: remembered, or `price()`'s, then remembered. The
   * array is shared with later questions: never change it.
   */
  recall(format: string, text: string, price: () => Uint32Array): Uint32Array {
    const key = this.digestOf(format, text);
    const known = this.prices.recall(key);
    if (known) return known;
    const prices = price();
    this.prices.remember(key, prices);
    return prices;
  }

  /**
   * Keeps prices made elsewhere (a worker thread) under the key they were made with (the digest
   * `digestOf` would give), and gives them back.
   */
  keep(key: string, prices: Uint32Array): Uint32Array {
    this.prices.remember(key, prices);
    return prices;
  }

  /** Prices made by this run (not found among the earlier ones). */
  get added(): number {
    return this.prices.added;
  }

  /** What to keep for the next run (see RunMemo.kept), at most `maxBytes` of prices. */
  kept(maxBytes: number): Map<string, Uint32Array> {
    return this.prices.kept(maxBytes, (prices) => prices.byteLength);
  }
}
