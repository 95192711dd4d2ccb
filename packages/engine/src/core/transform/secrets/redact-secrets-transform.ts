import type { Transform } from '../transform.js';
import type * as RedactSecrets from './redact-secrets.js';

/**
 * The rules (212 of them, with zod for custom patterns) load on first use: a worker thread of a
 * job that does not redact never compiles them (about 75 ms of start-up per thread).
 */
let loading: Promise<typeof RedactSecrets> | undefined;

/** DESIGN 4.7: credentials replaced in place by typed markers; counts reported, never values. */
export const redactSecretsTransform: Transform = {
  name: 'redact-secrets',
  isEnabled: (options) => options.redactSecrets,
  apply: async (text, context) => {
    const { redactSecrets } = await (loading ??= import('./redact-secrets.js'));
    const result = redactSecrets(text, {
      customPatterns: context.options.customSecretPatterns ?? [],
    });
    for (const finding of result.findings) context.countRedaction(finding.type);
    for (const note of result.notes) context.note(note);
    return result.text;
  },
};
