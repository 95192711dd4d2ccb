import type { Corpus } from './corpora.js';
import { measureOnce, summarize } from './measure.js';
import type { Sample } from './measure.js';
import type { ToolResult } from './report.js';
import type { Tool } from './tools.js';

export interface CompareOptions {
  readonly runs: number;
  readonly warmup: boolean;
  readonly log: (line: string) => void;
}

/**
 * One warm-up run (file cache, JIT caches on disk), then `runs` timed runs; medians. A tool that
 * fails is reported and left out; the others still run.
 */
export async function measureTool(
  tool: Tool,
  corpus: Corpus,
  options: CompareOptions,
): Promise<ToolResult | undefined> {
  const samples: Sample[] = [];
  const total = options.runs + (options.warmup ? 1 : 0);
  for (let i = 0; i < total; i += 1) {
    const isWarmup = options.warmup && i === 0;
    const spec = await tool.prepare(corpus);
    const sample = await measureOnce(spec);
    if (sample.exitCode !== 0) {
      const reason = sample.stderr.trim().split('\n').slice(-3).join(' | ');
      options.log(`  ${tool.label} failed (exit ${sample.exitCode}): ${reason}`);
      return undefined;
    }
    options.log(
      `  ${tool.label} ${isWarmup ? 'warm-up' : `run ${samples.length + 1}/${options.runs}`}: ` +
        `${sample.wallS.toFixed(2)} s wall, ${sample.cpuS.toFixed(2)} s CPU, ${sample.peakRssMb.toFixed(0)} MB`,
    );
    if (!isWarmup) samples.push(sample);
  }
  const last = samples[samples.length - 1] as Sample;
  try {
    return {
      tool: tool.label,
      summary: summarize(samples),
      figures: tool.parse(last.stdout, corpus),
    };
  } catch (error) {
    options.log(`  ${tool.label}: cannot read its figures: ${(error as Error).message}`);
    return undefined;
  }
}
