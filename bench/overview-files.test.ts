import { describe, expect, it } from 'vitest';
import { parseOverviewFiles, splitRow } from './overview-files.js';

const OVERVIEW = `# Overview

## Statistics

| Field | Value |
|---|---|
| Tokens | 42 |

## Files

| Path | Language | Lines | Tokens | Chunks |
|---|---|---:|---:|---|
| src/a.ts | typescript | 3 | 30 | 1 |
| \`docs/a\\|b.md\` | markdown | 1 | 12 | 1 |

## Chunks
`;

describe('parseOverviewFiles', () => {
  it('maps each path of the Files table to its tokens, by column name', () => {
    expect([...parseOverviewFiles(OVERVIEW)]).toEqual([
      ['src/a.ts', 30],
      ['docs/a|b.md', 12],
    ]);
  });

  it('gives an empty map when there is no Files table', () => {
    expect(parseOverviewFiles('# Overview\n\nno table here\n').size).toBe(0);
  });
});

describe('splitRow', () => {
  it('is undefined for a line that is not a table row', () => {
    expect(splitRow('plain text')).toBeUndefined();
  });
});
