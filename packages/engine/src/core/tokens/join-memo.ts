const BITS = 15;

/**
 * Direct-mapped memo of BPE joins: (left token, right token) -> rank of their concatenation (or
 * none). A token's bytes are fixed by its rank, so the pair of ranks decides the answer; BPE on
 * code repeats the same joins constantly, and this spares hashing and probing the vocabulary.
 */
export class JoinMemo {
  private readonly lefts = new Int32Array(1 << BITS).fill(-1);
  private readonly rights = new Int32Array(1 << BITS);
  private readonly results = new Int32Array(1 << BITS);

  /** The remembered result for (left, right), or -2 when not remembered. */
  get(left: number, right: number): number {
    const slot = slotOf(left, right);
    return this.lefts[slot] === left && this.rights[slot] === right ? this.results[slot]! : -2;
  }

  set(left: number, right: number, result: number): void {
    const slot = slotOf(left, right);
    this.lefts[slot] = left;
    this.rights[slot] = right;
    this.results[slot] = result;
  }
}

function slotOf(left: number, right: number): number {
  return Math.imul(left ^ Math.imul(right, 0x85ebca6b), 0x9e3779b1) >>> (32 - BITS);
}
