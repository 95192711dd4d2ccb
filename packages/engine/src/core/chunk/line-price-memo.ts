/**
 * Line prices of files in a format that escapes content (json, xml, yaml, csv), kept from one run
 * to the next. The chunk stage prices such a file by encoding every line as the format writes it
 * and counting the encoded text (see priceLines in cost-model.ts): on a second run of the same
 * folder, the same texts again. The file stage's own counts serve the verbatim formats; these
 * serve the others. A price depends only on the format, the text and the tokenizer (one memo per
 * tokenizer), so a remembered one is what pricing again would give.
 */
export class LinePriceMemo {
  /** Prices this run used or made by key, in the order it first asked for them. */
  private readonly used = new Map<string, Uint32Array>();
  private earlier: ReadonlyMap<string, Uint32Array> | undefined;
  private made = 0;

  /**
   * `load`: the prices an earlier run kept, read on the first question (a run in a verbatim
   * format never asks). `digestOf`: a collision-resistant digest of a format and a text.
   */
  constructor(
    private readonly load: () => ReadonlyMap<string, Uint32Array>,
    private readonly digestOf: (format: string, text: string) => string,
  ) {}

  /**
   * The line prices of `text` in `format`: remembered, or `price()`'s, then remembered. The
   * array is shared with later questions: never change it.
   */
  recall(format: string, text: string, price: () => Uint32Array): Uint32Array {
    const key = this.digestOf(format, text);
    let prices = this.used.get(key);
    if (prices) return prices;
    this.earlier ??= this.load();
    prices = this.earlier.get(key);
    if (!prices) {
      prices = price();
      this.made++;
    }
    this.used.set(key, prices);
    return prices;
  }

  /** Prices made by this run (not found among the earlier ones). */
  get added(): number {
    return this.made;
  }

  /**
   * What to keep for the next run, at most `maxBytes` of prices: those this run used first (the
   * next run of the same folder asks for the same), then the earlier ones it did not use.
   */
  kept(maxBytes: number): Map<string, Uint32Array> {
    const kept = new Map<string, Uint32Array>();
    let bytes = 0;
    for (const source of [this.used, this.earlier ?? new Map<string, Uint32Array>()]) {
      for (const [key, prices] of source) {
        if (kept.has(key)) continue;
        if (bytes + prices.byteLength > maxBytes) return kept;
        kept.set(key, prices);
        bytes += prices.byteLength;
      }
    }
    return kept;
  }
}
