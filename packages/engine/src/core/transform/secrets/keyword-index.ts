import type { CompiledRule } from './secret-rule.js';

/**
 * The prefilter: every rule keyword found in one pass over the text (Aho-Corasick over ASCII,
 * case-folded). A clean file costs this one pass; a rule's own pattern runs only on the lines
 * where one of its keywords occurs.
 */
export interface KeywordIndex {
  /** Calls `onHit` with the index just past each keyword occurrence and the rules it triggers. */
  scan(text: string, onHit: (end: number, rules: readonly CompiledRule[]) => void): void;
}

const ALPHABET = 128;

export function buildKeywordIndex(rules: readonly CompiledRule[]): KeywordIndex {
  const byKeyword = new Map<string, Set<CompiledRule>>();
  for (const rule of rules) {
    for (const keyword of rule.keywords) {
      const key = keyword.toLowerCase();
      if (!/^[\x20-\x7e]+$/.test(key))
        throw new Error(`keyword "${keyword}" of ${rule.id} is not printable ASCII`);
      const set = byKeyword.get(key) ?? new Set();
      set.add(rule);
      byKeyword.set(key, set);
    }
  }
  const capacity = 1 + [...byKeyword.keys()].reduce((sum, keyword) => sum + keyword.length, 0);
  const delta = new Int32Array(capacity * ALPHABET).fill(-1);
  const outputs: Set<CompiledRule>[] = [new Set()];
  let states = 1;
  for (const [keyword, keywordRules] of byKeyword) {
    let state = 0;
    for (let i = 0; i < keyword.length; i++) {
      const slot = state * ALPHABET + keyword.charCodeAt(i);
      if (delta[slot] === -1) {
        delta[slot] = states;
        outputs.push(new Set());
        states++;
      }
      state = delta[slot] ?? 0;
    }
    for (const rule of keywordRules) outputs[state]?.add(rule);
  }
  // Breadth-first: failure links folded into a full transition table, outputs merged along them.
  const fail = new Int32Array(states);
  const queue: number[] = [];
  for (let c = 0; c < ALPHABET; c++) {
    const next = delta[c] ?? -1;
    if (next === -1) delta[c] = 0;
    else queue.push(next);
  }
  for (let head = 0; head < queue.length; head++) {
    const state = queue[head] ?? 0;
    for (const rule of outputs[fail[state] ?? 0] ?? []) outputs[state]?.add(rule);
    for (let c = 0; c < ALPHABET; c++) {
      const slot = state * ALPHABET + c;
      const next = delta[slot] ?? -1;
      const fallback = delta[(fail[state] ?? 0) * ALPHABET + c] ?? 0;
      if (next === -1) {
        delta[slot] = fallback;
      } else {
        fail[next] = fallback;
        queue.push(next);
      }
    }
  }
  // Upper-case letters move like their lower-case ones.
  for (let state = 0; state < states; state++) {
    for (let c = 65; c <= 90; c++)
      delta[state * ALPHABET + c] = delta[state * ALPHABET + c + 32] ?? 0;
  }
  const triggered: (readonly CompiledRule[] | undefined)[] = outputs.map((set) =>
    set.size > 0 ? [...set].sort((a, b) => a.index - b.index) : undefined,
  );
  return {
    scan(text, onHit) {
      let state = 0;
      for (let i = 0; i < text.length; i++) {
        const code = text.charCodeAt(i);
        state = code < ALPHABET ? (delta[state * ALPHABET + code] ?? 0) : 0;
        const fired = triggered[state];
        if (fired !== undefined) onHit(i + 1, fired);
      }
    },
  };
}
