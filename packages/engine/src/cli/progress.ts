import type { PackProgress } from '../io/pack.js';

const LABELS: Record<PackProgress['stage'], string> = {
  selecting: 'Selecting files',
  processing: 'Processing files',
  chunking: 'Chunking and rendering',
  done: 'Done',
};

/** The status line's text: stage, then for the file stage percent, files per second and ETA. */
export function progressText(progress: PackProgress, elapsedMs: number): string {
  const label = LABELS[progress.stage];
  if (progress.stage !== 'processing' || progress.total === 0) return label;
  const percent = Math.floor((progress.done / progress.total) * 100);
  const seconds = elapsedMs / 1000;
  const rate = seconds > 0 ? progress.done / seconds : 0;
  const parts = [`${label} ${progress.done}/${progress.total} (${percent}%)`];
  if (rate > 0 && progress.done > 0) {
    parts.push(`${rate >= 100 ? Math.round(rate) : rate.toFixed(1)} files/s`);
    const remaining = (progress.total - progress.done) / rate;
    parts.push(`ETA ${formatDuration(remaining)}`);
  }
  return parts.join(', ');
}

function formatDuration(seconds: number): string {
  if (seconds < 60) return `${Math.ceil(seconds)}s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes}m ${String(Math.ceil(seconds % 60)).padStart(2, '0')}s`;
}

/** One self-rewriting status line on a terminal; nothing at all when stderr is not a TTY. */
export function createProgressLine(
  stream: Pick<NodeJS.WriteStream, 'isTTY' | 'write'>,
  clock: () => number = Date.now,
): {
  update(progress: PackProgress): void;
  clear(): void;
} {
  if (!stream.isTTY) return { update: () => undefined, clear: () => undefined };
  let last = Number.NEGATIVE_INFINITY;
  let processingSince: number | undefined;
  return {
    update(progress) {
      const now = clock();
      if (progress.stage === 'processing') processingSince ??= now;
      if (progress.stage === 'processing' && now - last < 100 && progress.done < progress.total)
        return;
      last = now;
      stream.write(`\r\x1b[2K${progressText(progress, now - (processingSince ?? now))}`);
    },
    clear() {
      stream.write('\r\x1b[2K');
    },
  };
}
