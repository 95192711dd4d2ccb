import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../../config/options.js';
import { addLineNumbers } from './add-line-numbers.js';
import { removeBlankLines } from './remove-blank-lines.js';
import { applyTransforms, enabledTransforms } from './transform-pipeline.js';
import type { TransformContext } from './transform.js';

describe('removeBlankLines', () => {
  it('drops whitespace-only lines and keeps line endings of the rest', () => {
    expect(removeBlankLines('a\n\n  \t\nb\r\n\r\nc\n')).toBe('a\nb\r\nc\n');
  });
  it('keeps a missing final newline missing', () => {
    expect(removeBlankLines('a\n\nb')).toBe('a\nb');
  });
  it('turns an all-blank file into an empty one', () => {
    expect(removeBlankLines('\n \n\t\n')).toBe('');
  });
});

describe('addLineNumbers', () => {
  it('right-aligns numbers to the widest one', () => {
    const text = Array.from({ length: 10 }, (_, i) => `l${i + 1}`).join('\n') + '\n';
    const numbered = addLineNumbers(text).split('\n');
    expect(numbered[0]).toBe(' 1 | l1');
    expect(numbered[9]).toBe('10 | l10');
    expect(numbered[10]).toBe('');
  });
  it('leaves an empty file empty', () => {
    expect(addLineNumbers('')).toBe('');
  });
});

describe('transform pipeline', () => {
  const context = (options = resolveOptions()): TransformContext => ({
    name: 'a.ts',
    language: 'typescript',
    options,
    note: () => undefined,
    countRedaction: () => undefined,
  });

  it('runs only the enabled steps, numbering after blank lines are gone', async () => {
    const options = resolveOptions({ removeBlankLines: true, showLineNumbers: true });
    const steps = enabledTransforms(options);
    expect(steps.map((step) => step.name)).toEqual([
      'remove-blank-lines',
      'redact-secrets',
      'line-numbers',
    ]);
    expect(await applyTransforms('x\n\ny\n', steps, context(options))).toBe('1 | x\n2 | y\n');
  });

  it('only detects secrets with default options, leaving the text alone', async () => {
    const options = resolveOptions();
    expect(enabledTransforms(options).map((step) => step.name)).toEqual(['redact-secrets']);
    expect(await applyTransforms('x\n\n', enabledTransforms(options), context(options))).toBe(
      'x\n\n',
    );
    expect(await applyTransforms('x\n\n', [], context(options))).toBe('x\n\n');
  });
});
