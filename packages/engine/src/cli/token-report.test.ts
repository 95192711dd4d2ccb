import { describe, expect, it } from 'vitest';
import { formatTokenTree, formatTopFiles, tokenTree, topFiles } from './token-report.js';

const files = [
  { path: 'README.md', tokens: 100 },
  { path: 'src/a.ts', tokens: 500 },
  { path: 'src/core/b.ts', tokens: 300 },
  { path: 'src/core/c.ts', tokens: 100 },
];

describe('topFiles', () => {
  it('lists the largest files with their share of all tokens', () => {
    expect(topFiles(files, 2)).toEqual([
      { path: 'src/a.ts', tokens: 500, share: 0.5 },
      { path: 'src/core/b.ts', tokens: 300, share: 0.3 },
    ]);
    expect(topFiles(files, 0)).toEqual([]);
    expect(formatTopFiles(topFiles(files, 1))).toEqual([
      'Top 1 file by tokens:',
      '   1. src/a.ts        500   50.0%',
    ]);
  });
});

describe('tokenTree', () => {
  it('sums folders, sorts the largest first and stops at the depth', () => {
    expect(tokenTree(files, 2)).toEqual([
      { path: 'src/', kind: 'folder', depth: 0, tokens: 900, share: 0.9 },
      { path: 'src/a.ts', kind: 'file', depth: 1, tokens: 500, share: 0.5 },
      { path: 'src/core/', kind: 'folder', depth: 1, tokens: 400, share: 0.4 },
      { path: 'README.md', kind: 'file', depth: 0, tokens: 100, share: 0.1 },
    ]);
    expect(formatTokenTree(tokenTree(files, 1))).toEqual([
      'Token tree:',
      '  src/             900   90.0%',
      '  README.md        100   10.0%',
    ]);
  });
});
