import { describe, expect, it } from 'vitest';
import { degradeSteps } from './degrade-steps.js';
import { focusScores, wordsOf } from './focus-relevance.js';
import { buildImportGraph } from './import-graph.js';
import { roleOf } from './file-role.js';
import { rankFiles } from './rank-files.js';

const file = (path: string, content = '', language = 'typescript') => ({ path, language, content });
const order = (ranked: readonly { path: string }[]) => ranked.map((entry) => entry.path);

describe('rankFiles', () => {
  it('puts keep matches first, then focus, history, importers, role, path', () => {
    const files = [
      file('src/z.ts'),
      file('src/a.ts'),
      file('src/imported.ts'),
      file('src/user1.ts', "import { x } from './imported';"),
      file('src/user2.ts', "import { x } from './imported.js';"),
      file('src/often.ts'),
      file('src/billing.ts', 'export function chargeInvoice() {}'),
      file('test/a.test.ts'),
      file('package-lock.json', '{}', 'json'),
      file('docs/keep-me.md', '', 'markdown'),
    ];
    const ranked = rankFiles(files, {
      keepPatterns: ['docs/'],
      focus: 'invoice',
      changeCounts: new Map([['src/often.ts', 5]]),
    });
    expect(order(ranked)).toEqual([
      'docs/keep-me.md',
      'src/billing.ts',
      'src/often.ts',
      'src/imported.ts',
      'src/a.ts',
      'src/user1.ts',
      'src/user2.ts',
      'src/z.ts',
      'test/a.test.ts',
      'package-lock.json',
    ]);
    expect(ranked[0]?.reason).toBe('rank 1/10: kept');
    expect(ranked[1]?.reason).toMatch(/^rank 2\/10: focus \d+\.\d\d$/);
    expect(ranked[2]?.reason).toBe('rank 3/10: 5 commits');
    expect(ranked[3]?.reason).toBe('rank 4/10: 2 importers');
    expect(ranked[9]?.reason).toBe('rank 10/10: lock');
    expect(ranked.find((entry) => entry.path === 'src/imported.ts')?.importers).toBe(2);
  });

  it('gives the same order whatever the input order', () => {
    const files = ['b.ts', 'a.ts', 'c/d.ts', 'tests/e.ts'].map((path) => file(path));
    const forward = order(rankFiles(files, { keepPatterns: [] }));
    const backward = order(rankFiles([...files].reverse(), { keepPatterns: [] }));
    expect(backward).toEqual(forward);
  });
});

describe('degradeSteps', () => {
  it('takes every file one level down before any goes further, keep matches last', () => {
    const ranked = rankFiles([file('a.ts'), file('b.test.ts'), file('k.ts')], {
      keepPatterns: ['k.ts'],
    });
    expect(degradeSteps(ranked).map((step) => `${step.level} ${step.path}`)).toEqual([
      'no_comments b.test.ts',
      'no_comments a.ts',
      'signatures b.test.ts',
      'signatures a.ts',
      'path_only b.test.ts',
      'path_only a.ts',
      'no_comments k.ts',
      'signatures k.ts',
      'path_only k.ts',
    ]);
  });
});

describe('focusScores', () => {
  it('splits identifiers into words and ranks the file that uses the words most', () => {
    expect(wordsOf('createInvoice snake_case HTTPServer')).toEqual([
      'create',
      'invoice',
      'createinvoice',
      'snake',
      'case',
      'snakecase',
      'http',
      'server',
      'httpserver',
    ]);
    const scores = focusScores('invoice retry', [
      { path: 'src/billing/invoice.ts', content: 'export function retryInvoice() {}' },
      { path: 'src/other.ts', content: 'const invoice = 1;' },
      { path: 'src/none.ts', content: 'nothing to see' },
    ]);
    expect(scores[0]).toBeGreaterThan(scores[1] ?? 0);
    expect(scores[1]).toBeGreaterThan(0);
    expect(scores[2]).toBe(0);
  });
});

describe('rank reasons about imports', () => {
  it('say when a file imports were read by pattern, not from a syntax tree', () => {
    const ranked = rankFiles(
      [
        file('src/a.ts'),
        // Read from the tree by the file stage: the comment is no import.
        {
          ...file('src/tree.ts', "// import './b';\nimport './a';"),
          imports: [{ kind: 'script', specifier: './a' }] as const,
        },
        file('src/pattern.ts', "import './a';"),
      ],
      { keepPatterns: [] },
    );
    const reasons = Object.fromEntries(ranked.map((entry) => [entry.path, entry.reason]));
    expect(reasons).toEqual({
      'src/a.ts': 'rank 1/3: 2 importers',
      'src/pattern.ts': 'rank 2/3: imports by pattern',
      'src/tree.ts': 'rank 3/3',
    });
  });
});

describe('buildImportGraph by pattern (files without a syntax tree)', () => {
  it('resolves relative imports of scripts, Python, C, Ruby and Rust; ignores packages', () => {
    const { importers: counts } = buildImportGraph([
      file('web/util/index.ts'),
      file('web/app.tsx', "import u from './util';\nimport React from 'react';", 'tsx'),
      file('web/page.js', "const u = require('./util/index.js');", 'javascript'),
      file('py/pkg/__init__.py', '', 'python'),
      file('py/pkg/models.py', '', 'python'),
      file('py/pkg/views.py', 'from .models import User\nfrom . import models', 'python'),
      file('py/main.py', 'import numpy\nfrom pkg import views', 'python'),
      file('c/lib.h', '', 'c'),
      file('c/lib.c', '#include "lib.h"\n#include <stdio.h>', 'c'),
      file('rb/helper.rb', '', 'ruby'),
      file('rb/app.rb', "require_relative 'helper'", 'ruby'),
      file('rs/src/lib.rs', 'pub mod parse;', 'rust'),
      file('rs/src/parse.rs', '', 'rust'),
    ]);
    expect(counts.get('web/util/index.ts')).toBe(2);
    expect(counts.get('py/pkg/models.py')).toBe(1);
    expect(counts.get('py/pkg/views.py')).toBe(1);
    expect(counts.get('c/lib.h')).toBe(1);
    expect(counts.get('rb/helper.rb')).toBe(1);
    expect(counts.get('rs/src/parse.rs')).toBe(1);
  });
});

describe('roleOf', () => {
  it('tells tests, fixtures, generated, vendored, lock and data files from source', () => {
    expect(roleOf('src/app.ts').name).toBe('source');
    expect(roleOf('src/app.test.ts').name).toBe('test');
    expect(roleOf('pkg/handler_test.go').name).toBe('test');
    expect(roleOf('tests/fixtures/input.ts').name).toBe('fixture');
    expect(roleOf('dist/app.min.js').name).toBe('generated');
    expect(roleOf('vendor/lib/a.go').name).toBe('vendored');
    expect(roleOf('Cargo.lock').name).toBe('lock');
    expect(roleOf('data/points.csv').name).toBe('data');
    expect(roleOf('src/app.ts').rank).toBeGreaterThan(roleOf('src/app.test.ts').rank);
    expect(roleOf('src/app.test.ts').rank).toBeGreaterThan(roleOf('yarn.lock').rank);
  });
});
