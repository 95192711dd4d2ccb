import type { RandomText } from './random-text.js';

/**
 * A synthetic credential of one type, built from its public format: fixed parts and random
 * parts kept apart so tests can derive look-alikes (all-x body, cut-short body).
 */
export interface CredentialSample {
  /** The name a project would keep it under (env var, config key). */
  readonly name: string;
  /** Fixed start of the secret (a token prefix, a PEM header). */
  readonly prefix?: string;
  /** The random part of the secret. */
  readonly body: string;
  /** Fixed end of the secret (a region suffix, base64 padding, a PEM footer). */
  readonly suffix?: string;
  /** Text of the value around the secret (URL scheme and user, host and path). */
  readonly before?: string;
  readonly after?: string;
  /** The name is part of the evidence: the same value under a neutral name is no finding. */
  readonly contextual?: boolean;
  /** How the sample sits in a file when a bare `"name": "value"` does not fit (PEM blocks). */
  readonly standalone?: boolean;
  /** Extra look-alikes that this rule must not report. */
  readonly negatives?: readonly string[];
}

export type SampleMaker = (random: RandomText) => CredentialSample;

export function secretOf(sample: CredentialSample): string {
  return `${sample.prefix ?? ''}${sample.body}${sample.suffix ?? ''}`;
}

export function valueOf(sample: CredentialSample): string {
  return `${sample.before ?? ''}${secretOf(sample)}${sample.after ?? ''}`;
}

/** The sample as one line (or block) of a JSON-like config: `"NAME": "value"`. */
export function lineOf(
  sample: CredentialSample,
  value = valueOf(sample),
  name = sample.name,
): string {
  return sample.standalone ? value : `"${name}": "${value}"`;
}

/** Look-alikes derived from the sample's format that its rule must not report. */
export function derivedNegatives(sample: CredentialSample): string[] {
  const withSecret = (secret: string): string =>
    lineOf(sample, `${sample.before ?? ''}${secret}${sample.after ?? ''}`);
  const prefix = sample.prefix ?? '';
  const suffix = sample.suffix ?? '';
  const negatives = [
    withSecret(`${prefix}${sample.body.replace(/[A-Za-z0-9+/]/g, 'x')}${suffix}`),
    withSecret(`${prefix}${sample.body.slice(0, 2)}${suffix}`),
  ];
  if (sample.contextual) negatives.push(lineOf(sample, valueOf(sample), 'checksum'));
  return [...negatives, ...(sample.negatives ?? [])];
}
