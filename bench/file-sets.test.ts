import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffFileSets, formatFileSetDiff, readRepomixPaths } from './file-sets.js';

describe('file sets', () => {
  it('reads the file headings of repomix markdown output', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'bench-sets-'));
    try {
      const file = path.join(dir, 'out.md');
      await writeFile(
        file,
        '# Files\n\n## File: a/b.js\n```js\nx\n```\n\n## File: c.md\n````md\ny\n````\n',
      );
      expect([...(await readRepomixPaths(file))]).toEqual(['a/b.js', 'c.md']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('lists what only one side included', () => {
    const diff = diffFileSets(new Set(['a', 'b', 'x.svg']), new Set(['a', 'b', 'y.dat']));
    expect(diff).toEqual({ onlyOurs: ['x.svg'], onlyPeer: ['y.dat'] });
    expect(formatFileSetDiff(diff, 'ours', 'peer')[0]).toContain('1 only in ours (x.svg)');
  });

  it('says so when both included the same files', () => {
    const same = diffFileSets(new Set(['a']), new Set(['a']));
    expect(formatFileSetDiff(same, 'ours', 'peer')).toEqual([
      '  file sets: ours and peer included the same files',
    ]);
  });
});
