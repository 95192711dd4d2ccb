import { describe, expect, it } from 'vitest';
import { kernelLanguageOf } from './kernel-languages.js';

describe('kernelLanguageOf', () => {
  it.each([
    ['python', 'python', '#'],
    ['Python3', 'python', '#'],
    ['python3.11', 'python', '#'],
    ['ipython3', 'python', '#'],
    ['R', 'r', '#'],
    ['julia 1.10', 'julia', '#'],
    ['C++17', 'cpp', '//'],
    ['C#', 'csharp', '//'],
    ['F#', 'fsharp', '//'],
    ['bash', 'shell', '#'],
    ['octave', 'matlab', '%'],
    ['Wolfram Language', 'wolfram', '(*'],
    ['clojure', 'clojure', ';;'],
  ])('%s is %s with %s comments', (name, id, prefix) => {
    const language = kernelLanguageOf(name);
    expect(language).toMatchObject({ id, isGuess: false });
    expect(language.comment.prefix).toBe(prefix);
  });

  it('guesses a plain unknown name as its own id, anything else as text', () => {
    expect(kernelLanguageOf('Logtalk')).toEqual({
      id: 'logtalk',
      comment: { prefix: '#' },
      isGuess: true,
    });
    expect(kernelLanguageOf('my lang')).toMatchObject({ id: 'text', isGuess: true });
  });
});
