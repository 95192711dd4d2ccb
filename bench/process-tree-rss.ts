import { readFileSync, readdirSync } from 'node:fs';

/**
 * Samples the summed resident memory of a process and all its descendants. GNU time's %M is
 * the largest single process only; a tool that forks helpers would look smaller than it is, so
 * the bench reports the larger of the two. Linux only (/proc); returns 0 elsewhere.
 */
export function watchTreeRss(
  rootPid: number,
  intervalMs = 50,
): { stop(): number; peakSoFar(): number } {
  let peak = 0;
  const sample = (): void => {
    let total = 0;
    for (const pid of descendantsOf(rootPid)) total += readRssBytes(pid);
    if (total > peak) peak = total;
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  return {
    stop(): number {
      clearInterval(timer);
      return peak;
    },
    peakSoFar: () => peak,
  };
}

function descendantsOf(rootPid: number): number[] {
  const seen: number[] = [];
  const queue = [rootPid];
  while (queue.length > 0) {
    const pid = queue.pop() as number;
    seen.push(pid);
    for (const child of childrenOf(pid)) queue.push(child);
  }
  return seen;
}

function childrenOf(pid: number): number[] {
  // `children` lists the children of one thread; a process's children hang off its main thread
  // unless a worker thread spawned them, so every task is read.
  const children: number[] = [];
  for (const tid of readTasks(pid)) {
    const text = readText(`/proc/${pid}/task/${tid}/children`);
    for (const part of text.split(' ')) {
      const child = Number(part);
      if (Number.isInteger(child) && child > 0) children.push(child);
    }
  }
  return children;
}

function readTasks(pid: number): string[] {
  try {
    // Sync on purpose: a sample is a handful of tiny /proc reads and should be one snapshot.
    return readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
}

function readRssBytes(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB/m.exec(readText(`/proc/${pid}/status`));
  return match?.[1] === undefined ? 0 : Number(match[1]) * 1024;
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
