import { readdirSync, readFileSync } from 'node:fs';

// CPU time used by the browser this process started (every descendant process: the browser,
// its renderers and their worker threads), from /proc. Unlike wall time it barely depends on
// what else the machine is running, so it says what the counting costs on a quiet machine.

/** Linux's USER_HZ: /proc reports CPU time in these ticks. */
const TICKS_PER_SECOND = 100;

interface ProcessStat {
  pid: number;
  parent: number;
  ticks: number;
}

function readStat(pid: string): ProcessStat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: fields are counted after it.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return {
      pid: Number(pid),
      parent: Number(fields[1]),
      ticks: Number(fields[11]) + Number(fields[12]),
    };
  } catch {
    return null;
  }
}

/** Seconds of CPU used so far by the descendants of `root` (this process by default). */
export function descendantCpuSeconds(root = process.pid): number {
  const stats = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(readStat)
    .filter((stat): stat is ProcessStat => stat !== null);
  const children = new Map<number, ProcessStat[]>();
  for (const stat of stats) {
    const list = children.get(stat.parent) ?? [];
    list.push(stat);
    children.set(stat.parent, list);
  }
  let ticks = 0;
  const stack = [...(children.get(root) ?? [])];
  while (stack.length > 0) {
    const stat = stack.pop()!;
    ticks += stat.ticks;
    stack.push(...(children.get(stat.pid) ?? []));
  }
  return ticks / TICKS_PER_SECOND;
}

/** CPU seconds by thread name (`DedicatedWorker`, `CrRendererMain`...) over the descendants. */
export function descendantThreadCpu(root = process.pid): Map<string, number> {
  const pids = new Set<number>();
  const stats = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(readStat)
    .filter((stat): stat is ProcessStat => stat !== null);
  const children = new Map<number, number[]>();
  for (const stat of stats)
    children.set(stat.parent, [...(children.get(stat.parent) ?? []), stat.pid]);
  const stack = [...(children.get(root) ?? [])];
  while (stack.length > 0) {
    const pid = stack.pop()!;
    pids.add(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  const byName = new Map<string, number>();
  for (const pid of pids) {
    for (const tid of threadsOf(pid)) {
      try {
        const text = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        const name = text.slice(text.indexOf('(') + 1, text.lastIndexOf(')'));
        const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
        const seconds = (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
        byName.set(name, (byName.get(name) ?? 0) + seconds);
      } catch {
        // The thread ended meanwhile.
      }
    }
  }
  return byName;
}

function threadsOf(pid: number): string[] {
  try {
    return readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
}
