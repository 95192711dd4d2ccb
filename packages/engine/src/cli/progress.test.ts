import { describe, expect, it } from 'vitest';
import { createProgressLine, progressText } from './progress.js';

describe('progress', () => {
  it('shows percent, files per second and the time left while processing', () => {
    expect(progressText({ stage: 'processing', done: 250, total: 1000 }, 5000)).toBe(
      'Processing files 250/1000 (25%), 50.0 files/s, ETA 15s',
    );
    expect(progressText({ stage: 'processing', done: 200, total: 20000 }, 1000)).toBe(
      'Processing files 200/20000 (1%), 200 files/s, ETA 1m 39s',
    );
    expect(progressText({ stage: 'chunking', done: 0, total: 10 }, 0)).toBe(
      'Chunking and rendering',
    );
  });

  it('rewrites one line on a terminal and prints nothing on a pipe', () => {
    const written: string[] = [];
    let now = 0;
    const tty = createProgressLine(
      { isTTY: true, write: (text) => written.push(String(text)) > 0 },
      () => now,
    );
    tty.update({ stage: 'processing', done: 0, total: 4 });
    now = 2000;
    tty.update({ stage: 'processing', done: 2, total: 4 });
    tty.clear();
    expect(written).toEqual([
      '\r\x1b[2KProcessing files 0/4 (0%)',
      '\r\x1b[2KProcessing files 2/4 (50%), 1.0 files/s, ETA 2s',
      '\r\x1b[2K',
    ]);
    const piped: string[] = [];
    const pipe = createProgressLine({
      isTTY: false,
      write: (text) => piped.push(String(text)) > 0,
    });
    pipe.update({ stage: 'processing', done: 1, total: 4 });
    pipe.clear();
    expect(piped).toEqual([]);
  });
});
