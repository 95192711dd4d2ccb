// The two detectors compared, run in this process on the same texts: ours (the engine's
// redaction rules) and secretlint's recommended preset through its core API.
import { performance } from 'node:perf_hooks';
import { lintSource } from '@secretlint/core';
import { secretLintProfiler } from '@secretlint/profiler';
import { creator as recommendedPreset } from '@secretlint/secretlint-rule-preset-recommend';
import { redactSecrets } from '../../packages/engine/src/core/transform/secrets/index.js';

export interface Detection {
  readonly start: number;
  readonly end: number;
  readonly type: string;
}

export interface Detector {
  readonly name: string;
  detect(path: string, content: string): Promise<Detection[]>;
  /** Clears state kept between files, so that each pass starts like a fresh process. */
  reset?(): Promise<void>;
}

export const repobundleDetector: Detector = {
  name: 'repobundle',
  // The engine passes each file's path: config files read `key = value` as literal values.
  detect: async (path, content) =>
    redactSecrets(content, { path }).findings.map(({ start, end, type }) => ({ start, end, type })),
};

const SECRETLINT_CONFIG: Parameters<typeof lintSource>[0]['options']['config'] = {
  rules: [{ id: '@secretlint/secretlint-rule-preset-recommend', rule: recommendedPreset }],
};

export const secretlintDetector: Detector = {
  name: 'secretlint 12.0.0 (preset-recommend)',
  // secretlint's always-on profiler keeps every performance mark of the process and scans that
  // list on each one: left alone, later passes would pay for earlier ones. A CLI run starts empty.
  reset: async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
    const kept = secretLintProfiler as unknown as { entries: unknown[]; measures: unknown[] };
    kept.entries.length = 0;
    kept.measures.length = 0;
    performance.clearMarks();
    performance.clearMeasures();
  },
  detect: async (path, content) => {
    const result = await lintSource({
      source: { filePath: path, content, contentType: 'text' },
      options: { config: SECRETLINT_CONFIG, noPhysicFilePath: true },
    });
    return result.messages.map((message) => ({
      start: message.range[0],
      end: message.range[1],
      type: message.ruleId.replace('@secretlint/secretlint-rule-', ''),
    }));
  },
};
