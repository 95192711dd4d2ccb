import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../../../config/options.js';
import { getTreeSitterParser } from '../../../io/syntax/tree-sitter-parser.js';
import type { SyntaxParser } from '../../syntax/parser.js';
import { enabledTransforms } from '../transform-pipeline.js';
import { compressTransform } from './compress-transform.js';

async function compress(
  path: string,
  language: string,
  text: string,
  parser: SyntaxParser | null = getTreeSitterParser(),
) {
  const notes: string[] = [];
  const output = await compressTransform.apply(text, {
    name: path,
    language,
    options: resolveOptions({ compress: true }),
    note: (message) => notes.push(message),
    countRedaction: () => undefined,
    ...(parser ? { parser } : {}),
  });
  return { output, notes };
}

describe('compress transform', () => {
  it('runs only when compress is on, after comment removal and before line numbers', () => {
    expect(enabledTransforms(resolveOptions({})).map((step) => step.name)).not.toContain(
      'compress',
    );
    const steps = enabledTransforms(
      resolveOptions({ compress: true, removeComments: true, showLineNumbers: true }),
    ).map((step) => step.name);
    expect(steps.indexOf('compress')).toBeGreaterThan(steps.indexOf('remove-comments'));
    expect(steps.indexOf('compress')).toBeLessThan(steps.indexOf('line-numbers'));
  });

  it('keeps a file of a language without a grammar whole, with a note', async () => {
    const text = 'func f() -> Int {\n  return 1\n}\n';
    const { output, notes } = await compress('a.swift', 'swift', text);
    expect(output).toBe(text);
    expect(notes).toEqual(['not compressed: no parser for swift files']);
  });

  it('keeps prose and data whole without a note', async () => {
    for (const [path, language, text] of [
      ['README.md', 'markdown', '# Title\n\nfunction f() { return 1; }\n'],
      ['package.json', 'json', '{ "name": "x" }\n'],
      ['ci.yml', 'yaml', 'on: [push]\n'],
    ] as const) {
      expect(await compress(path, language, text)).toEqual({ output: text, notes: [] });
    }
  });

  it('keeps a file whose parse has errors whole, with a note', async () => {
    const text = 'export function f( {\n  return 1;\n}\n';
    const { output, notes } = await compress('a.ts', 'typescript', text);
    expect(output).toBe(text);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(/^not compressed: the typescript parse has \d+ syntax error\(s\)$/);
  });

  it('says so when no parser is available', async () => {
    const text = 'function f() { return 1; }\n';
    expect(await compress('a.js', 'javascript', text, null)).toEqual({
      output: text,
      notes: ['not compressed: no parser was available'],
    });
  });

  it('parses a .h file as C++ when its C parse has errors', async () => {
    const text = 'namespace n {\nclass A {\n public:\n  int f() { return 1; }\n};\n}\n';
    const { output, notes } = await compress('a.h', 'c', text);
    expect(notes).toEqual([]);
    expect(output).toBe('namespace n {\nclass A {\n public:\n  int f() { /* ... */ }\n};\n}\n');
  });

  it('drops statements that run, blank lines around them, and comments that document nothing', async () => {
    const text = [
      '// Licence header.',
      '',
      "import a from 'a';",
      '',
      'a.setup();',
      '',
      '',
      '// A section banner.',
      '',
      '/** Runs. */',
      'export function run(): void {',
      '  a.go(); // now',
      '}',
      '',
      'run();',
      '',
    ].join('\n');
    const { output } = await compress('a.ts', 'typescript', text);
    expect(output).toBe(
      [
        "import a from 'a';",
        '',
        '/** Runs. */',
        'export function run(): void { /* ... */ }',
        '',
      ].join('\n'),
    );
  });

  it('drops a licence header even right above the first statement', async () => {
    const text = [
      '/*',
      ' * Licensed to the Apache Software Foundation (ASF) under one',
      ' * or more contributor license agreements.',
      ' */',
      'package org.example;',
      '',
      '/** Maps codes. */',
      'public class Codes {',
      '  public int next() { return 1; }',
      '}',
      '',
    ].join('\n');
    const { output } = await compress('Codes.java', 'java', text);
    expect(output).toBe(
      [
        'package org.example;',
        '',
        '/** Maps codes. */',
        'public class Codes {',
        '  public int next() { /* ... */ }',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('keeps directives: a shebang, a Ruby magic comment, a Go build constraint', async () => {
    const ruby = '#!/usr/bin/env ruby\n# frozen_string_literal: true\n\n# Old note.\n\nputs 1\n';
    expect((await compress('a.rb', 'ruby', ruby)).output).toBe(
      '#!/usr/bin/env ruby\n# frozen_string_literal: true\n',
    );
    const go = '//go:build linux\n\npackage main\n\nfunc main() {\n\tprintln(1)\n}\n';
    expect((await compress('a.go', 'go', go)).output).toBe(
      '//go:build linux\n\npackage main\n\nfunc main() { /* ... */ }\n',
    );
  });

  it('keeps CRLF line endings', async () => {
    const text = 'def f(x):\r\n    """Doc.\r\n\r\n    More."""\r\n    return x\r\n';
    const { output } = await compress('a.py', 'python', text);
    expect(output).toBe('def f(x):\r\n    """Doc."""\r\n    ...\r\n');
  });

  it('walks generated code nested thousands deep, and wide literals', async () => {
    const deep = `export const sum = ${'1 + '.repeat(30_000)}1;\nexport function f() {\n  return 1;\n}\n`;
    const deepResult = await compress('deep.ts', 'typescript', deep);
    expect(deepResult.notes).toEqual([]);
    expect(deepResult.output.endsWith('export function f() { /* ... */ }\n')).toBe(true);
    const wide = `export const table = [${'() => 1, '.repeat(50_000)}];\n`;
    const wideResult = await compress('wide.ts', 'typescript', wide);
    expect(wideResult.notes).toEqual([]);
    expect(wideResult.output).toBe(wide);
  });

  it('gives the same bytes on every run', async () => {
    const text = 'class A {\n  m() { return 1; }\n}\nconst b = () => {\n  return 2;\n};\n';
    const first = await compress('a.js', 'javascript', text);
    const second = await compress('a.js', 'javascript', text);
    expect(second).toEqual(first);
  });
});
