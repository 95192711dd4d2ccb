import { describe, expect, it } from 'vitest';
import { describeSkipReason, formatBytes } from './describe-skip-reason.js';

describe('describeSkipReason', () => {
  it('names the pattern and the file that decided', () => {
    expect(
      describeSkipReason({ kind: 'gitignored', pattern: '*.log', source: 'src/.gitignore' }),
    ).toBe('ignored by .gitignore pattern `*.log` in `src/.gitignore`');
  });

  it('gives sizes in people units', () => {
    expect(
      describeSkipReason({ kind: 'too-large', size: 7.2 * 1024 * 1024, limit: 5 * 1024 * 1024 }),
    ).toBe('larger than the 5 MB per-file limit (7.2 MB)');
    expect(formatBytes(900)).toBe('900 bytes');
    expect(formatBytes(1536)).toBe('1.5 KB');
  });

  it('describes every other reason', () => {
    expect(describeSkipReason({ kind: 'binary', by: 'content' })).toBe('binary file (by content)');
    expect(describeSkipReason({ kind: 'not-selected' })).toBe('not in the selected files');
    expect(describeSkipReason({ kind: 'excluded-folder', folder: 'web/node_modules' })).toBe(
      'excluded folder `web/node_modules`',
    );
    expect(describeSkipReason({ kind: 'excluded-file', rule: 'lock file' })).toBe(
      'excluded file (lock file)',
    );
    expect(describeSkipReason({ kind: 'custom-exclude', pattern: 'a`b' })).toBe(
      'excluded by the custom pattern ``a`b``',
    );
    expect(describeSkipReason({ kind: 'not-included', patterns: ['src/', '*.md'] })).toBe(
      'matches none of the include patterns `src/`, `*.md`',
    );
    expect(describeSkipReason({ kind: 'undecodable', detail: 'bad byte' })).toBe(
      'not readable as text: bad byte',
    );
  });
});
