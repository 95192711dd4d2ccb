import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, get, post, type TestApp } from '../../../../test/test-support/test-app.js';
import { createStubDatabase } from '../../../../test/test-support/stub-database.js';

describe('ignore-pattern helpers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      handle: createStubDatabase('empty'),
      reset: async () => {},
      destroy: async () => {},
    });
  });
  afterAll(() => t.app.close());

  it('validates one pattern with a sentence for a bad one', async () => {
    const ok = await post(t.app, '/api/gitignore/validate-pattern', { pattern: 'src/**/*.ts' });
    expect(ok.json()).toEqual({ pattern: 'src/**/*.ts', valid: true, error: null });
    const blank = await post(t.app, '/api/gitignore/validate-pattern', { pattern: '   ' });
    expect(blank.json()).toMatchObject({ valid: false, error: 'A pattern must not be blank.' });
    const bad = await post(t.app, '/api/gitignore/validate-pattern', { pattern: '[abc' });
    expect(bad.json().valid).toBe(false);
    expect(bad.json().error).toMatch(/\w/);
    const missing = await post(t.app, '/api/gitignore/validate-pattern', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toBe('pattern is required.');
  });

  it('validates a list, counting good and bad', async () => {
    const res = await post(t.app, '/api/gitignore/validate-patterns', {
      patterns: ['*.log', '', 'dist/'],
    });
    expect(res.json()).toMatchObject({ valid: false, valid_count: 2, invalid_count: 1 });
    expect(
      (await post(t.app, '/api/gitignore/validate-patterns', { patterns: 'x' })).statusCode,
    ).toBe(400);
  });

  it('lists the five templates', async () => {
    const res = await get(t.app, '/api/gitignore/template-patterns');
    expect(res.json().templates.map((t: { name: string }) => t.name)).toEqual([
      'Node.js',
      'Python',
      'React',
      'Java',
      'Go',
    ]);
  });

  it('analyzes patterns and warns about mistakes', async () => {
    const res = await post(t.app, '/api/gitignore/analyze-patterns', {
      patterns: ['build/', '!build/keep.txt', '*.log', '*.log', 'src/gen/', '['],
    });
    expect(res.json()).toMatchObject({
      total: 6,
      exclude_count: 4,
      include_count: 1,
      directory_only_count: 2,
      duplicates: ['*.log'],
    });
    expect(res.json().invalid).toHaveLength(1);
    expect(res.json().warnings.join(' ')).toMatch(/cannot re-include/);
  });

  it('simulates matching on test files with gitignore semantics', async () => {
    const res = await post(t.app, '/api/gitignore/simulate-file-matching', {
      patterns: ['*.log', '!keep.log', 'dist/'],
      test_files: ['a.log', 'keep.log', 'dist/app.js', 'src/app.ts'],
    });
    expect(res.json()).toEqual({
      results: [
        { path: 'a.log', ignored: true, pattern: '*.log' },
        { path: 'keep.log', ignored: false, pattern: '!keep.log' },
        { path: 'dist/app.js', ignored: true, pattern: 'dist/' },
        { path: 'src/app.ts', ignored: false, pattern: null },
      ],
      ignored_count: 2,
      included_count: 2,
    });
    const empty = await post(t.app, '/api/gitignore/simulate-file-matching', {
      patterns: ['*'],
      test_files: [],
    });
    expect(empty.statusCode).toBe(400);
  });
});
