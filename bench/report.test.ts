import { describe, expect, it } from 'vitest';
import { formatRatios, formatTable, formatThroughput } from './report.js';
import type { ToolResult } from './report.js';

const result = (tool: string, wallS: number, cpuS: number, peakRssMb: number): ToolResult => ({
  tool,
  summary: { runs: 3, wallS, cpuS, peakRssMb },
  figures: { files: 10, tokens: 100, tokensComplete: true, outputTokens: 120, output: '/x' },
});

describe('report', () => {
  it('aligns the first column left and the figures right', () => {
    expect(
      formatTable(
        ['tool', 'n'],
        [
          ['a', '1'],
          ['bbb', '22'],
        ],
      ).split('\n'),
    ).toEqual(['tool   n', '----  --', 'a      1', 'bbb   22']);
  });

  it('gives ours/peer ratios for wall, CPU and RSS', () => {
    const line = formatRatios(result('ours', 10, 20, 300), result('peer', 40, 40, 600));
    expect(line).toContain('wall 0.25');
    expect(line).toContain('CPU 0.50');
    expect(line).toContain('peak RSS 0.50');
  });

  it('prints MB/s by wall and by CPU per corpus', () => {
    const table = formatThroughput([
      { name: 'small', bytes: 2e6, results: [result('ours', 1, 2, 1)] },
      { name: 'large', bytes: 100e6, results: [result('ours', 50, 100, 1)] },
    ]);
    expect(table).toContain('2.00 / 1.00');
    expect(table).toContain('small (2.0 MB)');
  });
});
