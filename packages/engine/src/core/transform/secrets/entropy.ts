const ascii = new Uint32Array(128);

/** Shannon entropy of the string's characters (UTF-16 code units), in bits per character. */
export function shannonEntropy(value: string): number {
  if (value.length === 0) return 0;
  const touched: number[] = [];
  let other: Map<number, number> | undefined;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 128) {
      if ((ascii[code] = (ascii[code] ?? 0) + 1) === 1) touched.push(code);
    } else {
      other ??= new Map();
      other.set(code, (other.get(code) ?? 0) + 1);
    }
  }
  let entropy = 0;
  const add = (count: number): void => {
    const p = count / value.length;
    entropy -= p * Math.log2(p);
  };
  for (const code of touched) {
    add(ascii[code] ?? 0);
    ascii[code] = 0;
  }
  for (const count of other?.values() ?? []) add(count);
  return entropy;
}
