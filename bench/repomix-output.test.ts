import { describe, expect, it } from 'vitest';
import { parseRepomixStdout } from './repomix-output.js';

const tree = (totalFiles: string): string =>
  [
    '\u001b[2m🔢 Token Count Tree:\u001b[22m',
    '────────────────────',
    '├── README.md (1,200 tokens)',
    '├── lodash-es/ (10,000 tokens)',
    '│   ├── add.js (4,000 tokens)',
    '│   └── fp/ (6,000 tokens)',
    '│       └── map.js (6,000 tokens)',
    '└── rxjs/ (2,345 tokens)',
    '    └── index.js (2,345 tokens)',
    '',
    '📊 Pack Summary:',
    `  Total Files: ${totalFiles} files`,
    ' Total Tokens: 14,000 tokens',
    '  Total Chars: 56,789 chars',
  ].join('\n');

describe('parseRepomixStdout', () => {
  it('sums the file lines of the tree at every depth, not the folder sums', () => {
    expect(parseRepomixStdout(tree('4'))).toEqual({
      files: 4,
      tokens: 1200 + 4000 + 6000 + 2345,
      tokensComplete: true,
      outputTokens: 14000,
    });
  });

  it('flags the sum as partial when the tree shows fewer files than were packed', () => {
    // repomix hides folders named `_*` (date-fns/_lib) from the tree and from its sums.
    const figures = parseRepomixStdout(tree('1,234'));
    expect(figures.files).toBe(1234);
    expect(figures.tokensComplete).toBe(false);
  });

  it('fails loudly when the tree is missing (flag not passed)', () => {
    const withoutTree = tree('4').slice(tree('4').indexOf('📊'));
    expect(() => parseRepomixStdout(withoutTree)).toThrow(/token count tree/);
  });
});
