import type { PackProgress } from '../io/pack.js';

const LABELS: Record<PackProgress['stage'], string> = {
  selecting: 'Selecting files',
  processing: 'Processing files',
  chunking: 'Chunking and rendering',
  done: 'Done',
};

/** One self-rewriting status line on a terminal; nothing at all when stderr is not a TTY. */
export function createProgressLine(stream: NodeJS.WriteStream): {
  update(progress: PackProgress): void;
  clear(): void;
} {
  if (!stream.isTTY) return { update: () => undefined, clear: () => undefined };
  let last = 0;
  return {
    update(progress) {
      const now = Date.now();
      if (progress.stage === 'processing' && now - last < 100 && progress.done < progress.total)
        return;
      last = now;
      const count = progress.stage === 'processing' ? ` ${progress.done}/${progress.total}` : '';
      stream.write(`\r\x1b[2K${LABELS[progress.stage]}${count}`);
    },
    clear() {
      stream.write('\r\x1b[2K');
    },
  };
}
