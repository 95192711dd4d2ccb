import { describe, expect, it } from 'vitest';
import { lineStartsOf } from '../core/chunk/line-index.js';
import type { FileOutcome } from '../core/process-file.js';
import type { ProcessedFile } from '../core/types.js';
import { SameContentResults } from './same-content.js';

function processed(path: string, content: string): ProcessedFile {
  const lines = content.split('\n').length;
  return {
    path,
    language: 'typescript',
    content,
    lines,
    tokens: lines,
    linePrefix: Uint32Array.from({ length: lines + 1 }, (_, k) => k),
    originalBytes: content.length,
    notes: [],
  };
}

describe('SameContentResults', () => {
  it('processes a copy (same name and digest) once and gives it its own path', async () => {
    const results = new SameContentResults();
    let runs = 0;
    const run = (path: string) => async (): Promise<FileOutcome> => {
      runs++;
      return { ok: true, file: processed(path, 'const a = 1;\nconst b = 2;\n') };
    };
    const first = await results.process('src/a.ts', 'digest-1', run('src/a.ts'));
    const copy = await results.process('vendor/src/a.ts', 'digest-1', run('vendor/src/a.ts'));
    const other = await results.process('src/b.ts', 'digest-1', run('src/b.ts'));
    expect(runs).toBe(2);
    expect(first.ok && copy.ok && other.ok).toBe(true);
    if (!first.ok || !copy.ok) return;
    expect(copy.file.path).toBe('vendor/src/a.ts');
    expect(copy.file.content).toBe(first.file.content);
    // The copy's line starts are the original's, not computed a second time.
    expect(lineStartsOf(copy.file) === lineStartsOf(first.file)).toBe(true);
    expect([...lineStartsOf(copy.file)]).toEqual([0, 13, 26]);
  });

  it('runs a copy on its own when the first one failed', async () => {
    const results = new SameContentResults();
    await results.process('a.ts', 'd', async () => ({
      ok: false,
      skipped: { path: 'a.ts', reason: { kind: 'read-failed', detail: 'gone' } },
    }));
    const copy = await results.process('x/a.ts', 'd', async () => ({
      ok: true,
      file: processed('x/a.ts', 'x'),
    }));
    expect(copy.ok && copy.file.path).toBe('x/a.ts');
  });
});
