// Table-driven: every rule has a synthetic positive (built from its public format) and
// look-alikes it must not report. A rule without a sample fails here.
import { describe, expect, it } from 'vitest';
import { redactSecrets } from './redact-secrets.js';
import { markerFor } from './redact.js';
import { SECRET_RULES } from './rules/index.js';
import {
  CREDENTIAL_SAMPLES,
  RandomText,
  createRng,
  derivedNegatives,
  lineOf,
  secretOf,
} from './test-support/credential-samples.js';

describe('secret rules', () => {
  it('cover at least 100 credential types, each id once', () => {
    const ids = SECRET_RULES.map((rule) => rule.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThanOrEqual(100);
  });

  it('have lower-case keywords and a description', () => {
    for (const rule of SECRET_RULES) {
      expect(rule.keywords.length, rule.id).toBeGreaterThan(0);
      for (const keyword of rule.keywords) expect(keyword, rule.id).toBe(keyword.toLowerCase());
      expect(rule.description.length, rule.id).toBeGreaterThan(5);
    }
  });

  it('each have a sample', () => {
    const missing = SECRET_RULES.filter((rule) => !CREDENTIAL_SAMPLES[rule.id]).map(
      (rule) => rule.id,
    );
    expect(missing).toEqual([]);
    const unknown = Object.keys(CREDENTIAL_SAMPLES).filter(
      (id) => !SECRET_RULES.some((rule) => rule.id === id),
    );
    expect(unknown).toEqual([]);
  });

  describe.each(SECRET_RULES.map((rule) => [rule.id] as const))('%s', (id) => {
    const make = CREDENTIAL_SAMPLES[id];
    if (!make) throw new Error(`no sample for ${id}`);
    const seeds = [1, 2, 3];

    it.each(seeds)('finds and replaces exactly the secret (seed %i)', (seed) => {
      const sample = make(new RandomText(createRng(seed * 7919 + id.length)));
      const line = lineOf(sample);
      const secret = secretOf(sample);
      const result = redactSecrets(line);
      expect(result.findings.map((finding) => finding.type)).toEqual([id]);
      expect(result.text).toBe(line.replace(secret, markerFor(id)));
    });

    it('does not report look-alikes', () => {
      const sample = make(new RandomText(createRng(42)));
      const negatives = derivedNegatives(sample);
      expect(negatives.length).toBeGreaterThanOrEqual(2);
      for (const negative of negatives) {
        const types = redactSecrets(negative).findings.map((finding) => finding.type);
        expect(types, negative).not.toContain(id);
      }
    });
  });
});
