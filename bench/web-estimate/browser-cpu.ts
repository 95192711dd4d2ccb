import { readdirSync, readFileSync } from 'node:fs';

// CPU time used by the browser this process started (every descendant process: the browser,
// its renderers and their worker threads), from /proc. Unlike wall time it barely depends on
// what else the machine is running, so it says what the counting costs on a quiet machine.

/** Linux's USER_HZ: /proc reports CPU time in these ticks. */
const TICKS_PER_SECOND = 100;

interface ThreadTime {
  name: string;
  seconds: number;
}

/** CPU used so far by each thread of the descendants of `root`, keyed `pid/tid`. */
export type CpuSnapshot = Map<string, ThreadTime>;

/** The fields after the command name (which is in parentheses and may hold spaces). */
function statFields(path: string): { name: string; fields: string[] } | null {
  try {
    const text = readFileSync(path, 'utf8');
    const close = text.lastIndexOf(')');
    return {
      name: text.slice(text.indexOf('(') + 1, close),
      fields: text.slice(close + 2).split(' '),
    };
  } catch {
    return null;
  }
}

function listNumeric(dir: string): string[] {
  try {
    return readdirSync(dir).filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
}

function descendants(root: number): string[] {
  const children = new Map<string, string[]>();
  for (const pid of listNumeric('/proc')) {
    const stat = statFields(`/proc/${pid}/stat`);
    if (!stat) continue;
    const parent = stat.fields[1]!;
    children.set(parent, [...(children.get(parent) ?? []), pid]);
  }
  const found: string[] = [];
  const stack = [...(children.get(String(root)) ?? [])];
  while (stack.length > 0) {
    const pid = stack.pop()!;
    found.push(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  return found;
}

/** Every descendant thread's CPU time now. */
export function cpuSnapshot(root = process.pid): CpuSnapshot {
  const snapshot: CpuSnapshot = new Map();
  for (const pid of descendants(root)) {
    for (const tid of listNumeric(`/proc/${pid}/task`)) {
      const stat = statFields(`/proc/${pid}/task/${tid}/stat`);
      if (!stat) continue;
      const ticks = Number(stat.fields[11]) + Number(stat.fields[12]);
      snapshot.set(`${pid}/${tid}`, { name: stat.name, seconds: ticks / TICKS_PER_SECOND });
    }
  }
  return snapshot;
}

/**
 * CPU used between two snapshots, in total and by thread name, counting only threads alive at
 * the end (a page closed earlier that exits meanwhile is not this run's work).
 */
export function cpuBetween(
  before: CpuSnapshot,
  after: CpuSnapshot,
): { total: number; byName: Map<string, number> } {
  const byName = new Map<string, number>();
  let total = 0;
  for (const [key, { name, seconds }] of after) {
    const used = seconds - (before.get(key)?.seconds ?? 0);
    total += used;
    byName.set(name, (byName.get(name) ?? 0) + used);
  }
  return { total, byName };
}
