import { describe, expect, it } from 'vitest';
import { median, parseGnuTime, summarize } from './measure.js';
import type { Sample } from './measure.js';

describe('parseGnuTime', () => {
  it('reads wall, user, system, max RSS and minor page faults', () => {
    expect(parseGnuTime('12.34 20.50 1.25 523456 145025\n')).toEqual({
      wallS: 12.34,
      userS: 20.5,
      sysS: 1.25,
      maxRssKb: 523456,
      minorFaults: 145025,
    });
  });

  it('takes the last line when the command failed', () => {
    const text = 'Command exited with non-zero status 2\n0.10 0.05 0.01 40000 900\n';
    expect(parseGnuTime(text).maxRssKb).toBe(40000);
  });

  it('refuses anything else', () => {
    expect(() => parseGnuTime('not a time line')).toThrow(/unexpected GNU time output/);
    // The line of a GNU time run without the faults field.
    expect(() => parseGnuTime('0.10 0.05 0.01 40000')).toThrow(/unexpected GNU time output/);
  });
});

describe('median', () => {
  it('is the middle value of an odd count, whatever the order', () => {
    expect(median([9, 1, 5])).toBe(5);
  });

  it('averages the two middle values of an even count', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('takes each figure on its own', () => {
    const sample = (wallS: number, cpuS: number, peakRssMb: number): Sample => ({
      wallS,
      cpuS,
      sysS: 0,
      peakRssMb,
      minorFaults: 0,
      exitCode: 0,
      stdout: '',
      stderr: '',
    });
    const summary = summarize([sample(3, 10, 100), sample(1, 30, 300), sample(2, 20, 200)]);
    expect(summary).toEqual({ runs: 3, wallS: 2, cpuS: 20, peakRssMb: 200 });
  });
});
