import type { Transform } from '../transform.js';
import { redactSecrets } from './redact-secrets.js';

/** DESIGN 4.7: credentials replaced in place by typed markers; counts reported, never values. */
export const redactSecretsTransform: Transform = {
  name: 'redact-secrets',
  isEnabled: (options) => options.redactSecrets,
  apply: (text, context) => {
    const result = redactSecrets(text, {
      customPatterns: context.options.customSecretPatterns ?? [],
    });
    for (const finding of result.findings) context.countRedaction(finding.type);
    for (const note of result.notes) context.note(note);
    return result.text;
  },
};
