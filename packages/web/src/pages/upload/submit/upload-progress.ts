import type { SubmitStep } from './submit-upload.js';

// The progress overlay's figures.

export const STEP_LABELS: Readonly<Record<SubmitStep, string>> = {
  preparing: 'Preparing Files',
  uploading: 'Uploading Repository',
  processing: 'Creating Job',
  redirecting: 'Redirecting to Job',
};

/** preparing 15%; processing 15 + 0.3x; uploading 45 + 0.4x; redirecting 100% (x: upload %). */
export function overallPercent(step: SubmitStep, uploadPercent: number): number {
  const x = Math.max(0, Math.min(100, uploadPercent));
  switch (step) {
    case 'preparing':
      return 15;
    case 'processing':
      return 15 + 0.3 * x;
    case 'uploading':
      return 45 + 0.4 * x;
    case 'redirecting':
      return 100;
  }
}

const SAMPLES = 5;
const UPDATE_EVERY_MS = 2000;
const MIN_SECONDS = 5;
const MAX_SECONDS = 600;
const DIVISOR = 2.5;

/**
 * Seconds left: the rolling average of the last 5 speed samples, recomputed at most every 2 s,
 * the raw figure clamped to 5-600 s and divided by 2.5 (the spec's calibration). 0 means unknown.
 */
export class RemainingTimeEstimator {
  private readonly speeds: number[] = [];
  private last: { at: number; bytes: number } | null = null;
  private lastUpdate = -Infinity;
  private seconds = 0;

  constructor(private readonly now: () => number = () => performance.now()) {}

  sample(sentBytes: number, totalBytes: number): number {
    const at = this.now();
    if (this.last && at > this.last.at && sentBytes >= this.last.bytes) {
      this.speeds.push((sentBytes - this.last.bytes) / ((at - this.last.at) / 1000));
      if (this.speeds.length > SAMPLES) this.speeds.shift();
    }
    this.last = { at, bytes: sentBytes };
    if (at - this.lastUpdate < UPDATE_EVERY_MS || this.speeds.length === 0) return this.seconds;
    this.lastUpdate = at;
    const speed = this.speeds.reduce((a, b) => a + b, 0) / this.speeds.length;
    const left = totalBytes - sentBytes;
    if (left <= 0) this.seconds = 0;
    else if (speed > 0) {
      this.seconds = Math.round(
        Math.min(MAX_SECONDS, Math.max(MIN_SECONDS, left / speed)) / DIVISOR,
      );
    }
    return this.seconds;
  }
}

export function formatSeconds(seconds: number): string {
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes}m ${seconds % 60}s`;
}
