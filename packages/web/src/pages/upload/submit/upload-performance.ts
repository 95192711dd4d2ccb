import type { UploadStats } from './chunk-plan.js';

// The session's upload performance record: each chunk's size, duration
// and outcome, from which chunk size and concurrency adapt.

export interface ChunkMeasurement {
  bytes: number;
  ms: number;
  ok: boolean;
}

export class UploadPerformance {
  private readonly measurements: ChunkMeasurement[] = [];

  record(measurement: ChunkMeasurement): void {
    this.measurements.push(measurement);
    if (this.measurements.length > 200) this.measurements.shift();
  }

  get totalUploads(): number {
    return this.measurements.length;
  }

  get successfulUploads(): number {
    return this.measurements.filter((m) => m.ok).length;
  }

  /** MB/s of successful uploads. */
  stats(): UploadStats {
    const ok = this.measurements.filter((m) => m.ok && m.ms > 0);
    if (ok.length === 0) return { uploads: 0, averageSpeed: 0 };
    const speeds = ok.map((m) => m.bytes / (1024 * 1024) / (m.ms / 1000));
    return { uploads: ok.length, averageSpeed: speeds.reduce((a, b) => a + b, 0) / speeds.length };
  }
}

/** One record for the whole tab: later uploads start from what earlier ones measured. */
export const sessionUploadPerformance = new UploadPerformance();
