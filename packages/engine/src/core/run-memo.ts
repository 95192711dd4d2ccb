/**
 * Values by key, kept from one run to the next: those an earlier run kept (loaded on the first
 * lookup), and those this run used or made, in the order it first asked for them, so that what
 * is kept for the next run starts with what this one needed.
 */
export class RunMemo<Value> {
  private readonly used = new Map<string, Value>();
  private earlier: ReadonlyMap<string, Value> | undefined;
  private made = 0;

  constructor(private readonly load: () => ReadonlyMap<string, Value>) {}

  /** The value under `key`, from this run or an earlier one; undefined when none is known. */
  recall(key: string): Value | undefined {
    let value = this.used.get(key);
    if (value !== undefined) return value;
    this.earlier ??= this.load();
    value = this.earlier.get(key);
    if (value !== undefined) this.used.set(key, value);
    return value;
  }

  /** Keeps a value this run made. */
  remember(key: string, value: Value): void {
    this.used.set(key, value);
    this.made++;
  }

  /** Values made by this run (not found among the earlier ones). */
  get added(): number {
    return this.made;
  }

  /**
   * What to keep for the next run, values of at most `max` in all by `size`: those this run used
   * first (the next run of the same input asks for the same), then the earlier ones it did not.
   */
  kept(max: number, size: (value: Value) => number): Map<string, Value> {
    const kept = new Map<string, Value>();
    let total = 0;
    for (const source of [this.used, this.earlier ?? new Map<string, Value>()]) {
      for (const [key, value] of source) {
        if (kept.has(key)) continue;
        if (total + size(value) > max) return kept;
        kept.set(key, value);
        total += size(value);
      }
    }
    return kept;
  }
}
