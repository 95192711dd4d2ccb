/**
 * BM25 relevance of files to a focus text ("billing retries"), over the words of each file's
 * path, identifiers and comments. Identifiers are split into their words (`createInvoice`,
 * `create_invoice` -> create, invoice) and also kept whole, so a query may name either.
 */

/** The usual BM25 constants: term frequency saturation and length normalisation. */
const K1 = 1.2;
const B = 0.75;
/** A path says what a file is about more densely than its body: its words count this often. */
const PATH_WEIGHT = 3;

export function wordsOf(text: string): string[] {
  const words: string[] = [];
  for (const match of text.matchAll(/[\p{L}\p{N}_]+/gu)) {
    const identifier = match[0];
    const parts = identifier
      .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
      .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
      .split(/[\s_]+/u)
      .map((part) => part.toLowerCase())
      .filter((part) => part.length > 1);
    words.push(...parts);
    const whole = identifier.toLowerCase().replace(/_/g, '');
    if (parts.length > 1 && whole.length > 1) words.push(whole);
  }
  return words;
}

export interface FocusDocument {
  readonly path: string;
  readonly content: string;
}

/** Each document's BM25 score for the focus text, in the documents' order (0: no query word). */
export function focusScores(focus: string, documents: readonly FocusDocument[]): number[] {
  const query = [...new Set(wordsOf(focus))];
  if (query.length === 0 || documents.length === 0) return documents.map(() => 0);
  const wanted = new Set(query);
  const frequencies: Map<string, number>[] = [];
  const lengths: number[] = [];
  const containing = new Map<string, number>();
  for (const document of documents) {
    const counts = new Map<string, number>();
    let length = 0;
    const add = (words: readonly string[], weight: number) => {
      length += words.length * weight;
      for (const word of words) {
        if (wanted.has(word)) counts.set(word, (counts.get(word) ?? 0) + weight);
      }
    };
    add(wordsOf(document.path), PATH_WEIGHT);
    add(wordsOf(document.content), 1);
    for (const word of counts.keys()) containing.set(word, (containing.get(word) ?? 0) + 1);
    frequencies.push(counts);
    lengths.push(length);
  }
  const average = lengths.reduce((sum, length) => sum + length, 0) / documents.length || 1;
  const total = documents.length;
  return frequencies.map((counts, index) => {
    let score = 0;
    for (const word of query) {
      const frequency = counts.get(word) ?? 0;
      if (frequency === 0) continue;
      const having = containing.get(word) ?? 0;
      const idf = Math.log(1 + (total - having + 0.5) / (having + 0.5));
      const norm = K1 * (1 - B + (B * (lengths[index] ?? 0)) / average);
      score += (idf * frequency * (K1 + 1)) / (frequency + norm);
    }
    return score;
  });
}
