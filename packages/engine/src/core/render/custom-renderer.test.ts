import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../../config/options.js';
import { EngineError } from '../../errors.js';
import type { Chunk } from '../types.js';
import { getRenderer } from './index.js';
import type { Overview } from './renderer.js';
import { compileTemplate, MAX_TEMPLATE_CHARS } from './template-sandbox.js';
import { summarizeSecrets } from '../transform/secrets/secret-report.js';

const options = resolveOptions({});
const context = { sourceName: 'my-repo', totalChunks: 3, options };

const chunk: Chunk = {
  index: 2,
  pieces: [
    {
      path: 'src/a.ts',
      language: 'typescript',
      startLine: 10,
      endLine: 12,
      part: 2,
      partCount: 3,
      content: 'if (a < b && c > "d") {\n  ```x```\n}\n',
      startsOnBoundary: true,
      endsOnBoundary: true,
      context: ['class Foo', 'method bar'],
    },
  ],
};

const overview: Overview = {
  source: { name: 'my-repo', kind: 'directory' },
  generatedAt: '2026-01-01T00:00:00.000Z',
  options,
  statistics: { files: 1, skippedFiles: 0, lines: 3, tokens: 20, chunks: 1, bytes: 40 },
  tree: 'src/\n  a.ts',
  files: [{ path: 'src/a.ts', language: 'typescript', lines: 3, tokens: 20, chunks: [1] }],
  chunks: [],
  skipped: [],
  redactions: [],
  secrets: summarizeSecrets([], false),
  notes: [],
};

function errorOf(action: () => unknown): EngineError {
  try {
    action();
  } catch (error) {
    if (error instanceof EngineError) return error;
    throw error;
  }
  throw new Error('expected an EngineError');
}

describe('custom format', () => {
  it('gives the template the documented data and writes content verbatim', () => {
    const template =
      '{{source}} {{chunk.index}}/{{chunk.count}}\n' +
      '{{#each pieces}}{{path}} {{lines}} {{part_label}} [{{context_label}}] {{is_split}}\n' +
      '{{fence}}{{language}}\n{{content}}{{fence}}\n{{/each}}';
    const text = getRenderer('custom', { template }).renderChunk(chunk, context);
    expect(text).toBe(
      'my-repo 2/3\nsrc/a.ts lines 10-12 part 2 of 3 [class Foo > method bar] true\n' +
        '````typescript\nif (a < b && c > "d") {\n  ```x```\n}\n````\n',
    );
  });

  it.each([
    '{{constructor}}',
    '{{constructor.constructor}}',
    '{{pieces.constructor.name}}',
    '{{#each pieces}}{{constructor.name}}{{this.__proto__}}{{/each}}',
    '{{#with constructor}}{{name}}{{/with}}',
    '{{lookup this "constructor"}}',
    '{{lookup (lookup this "constructor") "constructor"}}',
    '{{__proto__}}{{__defineGetter__}}{{hasOwnProperty}}',
    '{{source.constructor}}{{source.toString}}{{source.valueOf}}',
  ])('blocks prototype access: %s renders nothing', (template) => {
    expect(getRenderer('custom', { template }).renderChunk(chunk, context)).toBe('');
  });

  it('cannot reach Function through the well-known string payload', () => {
    const template = `{{#with "s" as |string|}}{{#with "e"}}{{#with split as |conslist|}}
{{this.pop}}{{this.push (lookup string.sub "constructor")}}{{this.pop}}
{{#with string.split as |codelist|}}{{this.pop}}
{{this.push "globalThis.__repobundlePwned = 1; return 1;"}}{{this.pop}}
{{#each conslist}}{{#with (string.sub.apply 0 codelist)}}{{this}}{{/with}}{{/each}}
{{/with}}{{/with}}{{/with}}{{/with}}`;
    let output = '';
    try {
      output = getRenderer('custom', { template }).renderChunk(chunk, context);
    } catch (error) {
      expect(error).toBeInstanceOf(EngineError);
    }
    expect((globalThis as { __repobundlePwned?: number }).__repobundlePwned).toBeUndefined();
    expect(output).not.toMatch(/function|native code/);
  });

  it.each([
    ['an unclosed block', 'a\n{{#each pieces}}\n{{path}}', /line \d/],
    ['a syntax error', 'ok\n\n{{#if}', /line 3/],
    ['a partial', 'a\n{{> header}}', /line 2.*partials/],
    ['a partial block', '{{#> layout}}x{{/layout}}', /partials/],
    ['a decorator', '{{* decorate}}', /decorators/],
    ['the log helper', '{{log "x"}}', /log/],
    ['an unknown helper', '{{shout path}}', /shout/],
  ])('refuses %s with INVALID_TEMPLATE', (_name, template, message) => {
    const error = errorOf(() => getRenderer('custom', { template }));
    expect(error.code).toBe('INVALID_TEMPLATE');
    expect(error.message).toMatch(message);
  });

  it('refuses a missing or oversized template', () => {
    expect(errorOf(() => getRenderer('custom', {})).code).toBe('INVALID_TEMPLATE');
    const huge = 'x'.repeat(MAX_TEMPLATE_CHARS + 1);
    expect(errorOf(() => getRenderer('custom', { template: huge })).code).toBe('INVALID_TEMPLATE');
  });

  it('reports TEMPLATE_FAILED when rendering throws or the output is too large', () => {
    const failing = getRenderer('custom', { template: '{{#with}}x{{/with}}' });
    expect(errorOf(() => failing.renderChunk(chunk, context)).code).toBe('TEMPLATE_FAILED');
    const render = compileTemplate('{{#each pieces}}{{content}}{{content}}{{/each}}', {
      maxOutputChars: 50,
    });
    const error = errorOf(() => render({ pieces: [{ content: 'x'.repeat(30) }] }));
    expect(error.code).toBe('TEMPLATE_FAILED');
    expect(error.message).toMatch(/limit is 50/);
  });

  it('stops nested loops past the iteration budget, counting sections over lists too', () => {
    const data = { files: Array.from({ length: 40 }, (_, i) => ({ path: `f${i}` })) };
    const nested = compileTemplate('{{#each files}}{{#each @root.files}}.{{/each}}{{/each}}', {
      maxIterations: 1000,
    });
    const error = errorOf(() => nested(data));
    expect(error.code).toBe('TEMPLATE_FAILED');
    expect(error.message).toMatch(/1000 loop iterations/);
    const sections = compileTemplate('{{#files}}{{#@root.files}}.{{/@root.files}}{{/files}}', {
      maxIterations: 1000,
    });
    expect(errorOf(() => sections(data)).message).toMatch(/1000 loop iterations/);
    // Within budget, the count starts again for every file rendered.
    const single = compileTemplate('{{#each files}}{{path}}{{/each}}', { maxIterations: 40 });
    expect(single(data)).toHaveLength(data.files.map((f) => f.path).join('').length);
    expect(single(data)).toBe(single(data));
  });

  it('renders the overview as markdown, or with the template section after the marker', () => {
    const plain = getRenderer('custom', { template: '{{source}}' });
    expect(plain.renderOverview(overview)).toBe(getRenderer('md').renderOverview(overview));
    const template =
      '{{source}}\n{{!-- overview --}}\n{{source.name}}: {{#each files}}{{path}}={{tokens}}{{/each}}';
    const split = getRenderer('custom', { template });
    expect(split.renderChunk(chunk, context)).toBe('my-repo\n');
    expect(split.renderOverview(overview)).toBe('my-repo: src/a.ts=20');
  });
});
