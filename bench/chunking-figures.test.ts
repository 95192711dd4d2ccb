import { afterAll, describe, expect, it } from 'vitest';
import { outlineFromBraces } from '../packages/engine/src/core/chunk/test-support/outline-from-braces.js';
import { makeOutlinedFile } from '../packages/engine/src/core/chunk/test-support/plan-checks.js';
import { createTiktokenCounter } from '../packages/engine/src/core/chunk/test-support/tiktoken-counter.js';
import { getRenderer } from '../packages/engine/src/core/render/index.js';
import { filesLargerThan, measureChunking, parsedFiles } from './chunking-figures.js';
import { checkTargets } from './chunking-report.js';

const counter = createTiktokenCounter();
afterAll(() => counter.free());

function fn(name: string, count: number): string {
  const body = Array.from({ length: count }, (_, i) => `  step(${i}, "${name}");\n`);
  return `function ${name}() {\n${body.join('')}}\n`;
}

describe('chunking figures', () => {
  const source = Array.from({ length: 12 }, (_, i) => fn(`f${i}`, 5 + (i % 4) * 4)).join('\n');
  const good = makeOutlinedFile(counter, 'a.ts', source, outlineFromBraces(source));
  const broken = makeOutlinedFile(counter, 'b.ts', source, {
    ...outlineFromBraces(source),
    hasErrors: true,
  });
  const plain = makeOutlinedFile(counter, 'c.txt', source, undefined);
  const tools = { renderer: getRenderer('md'), counter };

  it('keeps files that parse without errors, and files over a limit', () => {
    expect(parsedFiles([good, broken, plain])).toEqual([good]);
    expect(filesLargerThan([good], good.tokens - 1)).toEqual([good]);
    expect(filesLargerThan([good], good.tokens)).toEqual([]);
  });

  it('measures semantic against fixed on the same files', async () => {
    const semantic = await measureChunking([good], 'semantic', 300, tools);
    const fixed = await measureChunking([good], 'fixed', 300, tools);
    expect(semantic).toMatchObject({
      strategy: 'semantic',
      limit: 300,
      files: 1,
      splitDefinitions: 0,
    });
    expect(semantic.innerCuts).toBe(semantic.chunks - 1);
    expect(semantic.innerCutsOnSyntax).toBe(100);
    expect(fixed.splitDefinitions).toBeGreaterThan(0);
    expect(fixed.innerCutsOnSyntax).toBeLessThan(100);
    const checks = checkTargets(semantic, semantic);
    expect(checks.every((check) => check.met)).toBe(true);
    expect(checkTargets(fixed, fixed).some((check) => !check.met)).toBe(true);
  });
});
