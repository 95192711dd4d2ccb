import { describe, expect, it } from 'vitest';
import { loadReference } from '../../../../../engine/test/reference-tokenizers.js';
import { countsInBrowser } from './browser-tokenizers.js';
import { loadBrowserCounter } from './load-browser-counter.js';

/** Code, prose, indentation runs, non-Latin text and emoji: where tokenizers differ most. */
const TEXTS = [
  'export function add(a: number, b: number) {\n  return a + b;\n}\n',
  '# Ünïcödé\n\n日本語のテキスト, emojis 🚀🎉 and “quotes”.\n',
  'def f(x):\n' + '        return x  # deep\n'.repeat(30),
  '\t\t<div class="row">\n\n\n\t\t\t<span>   text   </span>\n</div>\n',
  '0123456789'.repeat(12) + ' ' + 'x'.repeat(300),
];

// The browser loads Tekken's and Gemma 3's data from the app's own chunks (aliased and imported
// by path): its counts must be the reference tokenizers' own, as the engine's are on the server.
describe.each(['tekken', 'gemma3'] as const)('the browser counter of %s', (tokenizer) => {
  it('is available to the counting workers and equals the reference tokenizer', async () => {
    expect(countsInBrowser(tokenizer)).toBe(true);
    const [counter, reference] = await Promise.all([
      loadBrowserCounter(tokenizer),
      loadReference(tokenizer),
    ]);
    for (const text of TEXTS) expect(counter.count(text), text).toBe(reference(text));
  }, 120_000);
});
