/**
 * What one minor page fault costs on this machine: a child process maps fresh memory and touches
 * one byte of every page, so each touch is a fault and nearly nothing else. On a virtual machine
 * a fault goes through the hypervisor and costs several microseconds (13 us on the 2-core
 * machines these figures come from), so a run that touches fresh memory spends its system time
 * there. `npx tsx bench/page-fault-cost.ts` prints it; second-run.ts prints it before its runs.
 */
import { execFile } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Touched in buffers of 4 MiB, each its own mapping: 256 MiB is 65,536 pages of 4 KiB. */
const TOUCHED_MIB = 256;

const CHILD = `
const before = process.resourceUsage();
const held = [];
for (let i = 0; i < ${TOUCHED_MIB / 4}; i++) {
  const buffer = Buffer.allocUnsafeSlow(4 << 20);
  for (let at = 0; at < buffer.length; at += 4096) buffer[at] = 1;
  held.push(buffer);
}
const after = process.resourceUsage();
process.stdout.write(JSON.stringify({
  faults: after.minorPageFault - before.minorPageFault,
  cpuUs: after.userCPUTime + after.systemCPUTime - before.userCPUTime - before.systemCPUTime,
}));
`;

export interface PageFaultCost {
  readonly faults: number;
  /** CPU (user and system) per fault, in microseconds. */
  readonly microseconds: number;
}

/** The median of `rounds` child runs' CPU per fault. */
export async function measurePageFaultCost(rounds = 3): Promise<PageFaultCost> {
  const costs: PageFaultCost[] = [];
  for (let round = 0; round < rounds; round++) {
    const { stdout } = await run(process.execPath, ['-e', CHILD]);
    const { faults, cpuUs } = JSON.parse(stdout) as { faults: number; cpuUs: number };
    if (faults < (TOUCHED_MIB * 256) / 2) {
      throw new Error(`only ${faults} page faults for ${TOUCHED_MIB} MiB touched`);
    }
    costs.push({ faults, microseconds: cpuUs / faults });
  }
  costs.sort((a, b) => a.microseconds - b.microseconds);
  return costs[Math.floor(costs.length / 2)] as PageFaultCost;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { faults, microseconds } = await measurePageFaultCost();
  console.log(`a minor page fault: ${microseconds.toFixed(1)} us of CPU (${faults} faults a run)`);
}
