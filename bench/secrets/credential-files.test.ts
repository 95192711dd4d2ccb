import { describe, expect, it } from 'vitest';
import {
  RandomText,
  createRng,
} from '../../packages/engine/src/core/transform/secrets/test-support/credential-samples.js';
import { credentialFiles } from './credential-files.js';
import { repobundleDetector } from './detectors.js';
import { scoreDetections } from './score.js';
import type { Span } from './score.js';

describe('planted credential files', () => {
  const { files, truth } = credentialFiles(new RandomText(createRng(9)), 2);

  it('record where each planted value is', () => {
    expect(files.length).toBeGreaterThanOrEqual(16);
    for (const secret of truth) {
      const file = files.find((candidate) => candidate.path === secret.path);
      const value = file?.content.slice(secret.start, secret.end) ?? '';
      expect(value.length, secret.type).toBeGreaterThan(3);
      expect(value).not.toMatch(/\{\{[a-z-]+\}\}|\n/);
    }
  });

  it('are all found by the engine, with nothing else reported', async () => {
    const grouped = new Map<string, Span[]>();
    for (const secret of truth)
      grouped.set(secret.path, [...(grouped.get(secret.path) ?? []), secret]);
    const detections = new Map(
      await Promise.all(
        files.map(
          async (file) =>
            [file.path, await repobundleDetector.detect(file.path, file.content)] as const,
        ),
      ),
    );
    const score = scoreDetections(grouped, detections);
    expect(score.falsePositiveSamples).toEqual([]);
    expect([...score.byType].filter(([, [found, planted]]) => found < planted)).toEqual([]);
  });
});
