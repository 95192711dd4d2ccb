import type { Transform } from '../transform.js';
import { isPrivateKeyFileName } from './file-kind.js';
import type * as RedactSecrets from './redact-secrets.js';
import { PRIVATE_KEY_FILE_TYPE, isPrivateKeyType } from './secret-report.js';

/**
 * The rules (with zod for custom patterns) load on first use, once per thread (about 75 ms of
 * start-up); after that a file without any rule keyword costs one prefilter pass.
 */
let loading: Promise<typeof RedactSecrets> | undefined;

/**
 * Secret detection always runs; with `redactSecrets` on, each credential is replaced in place by
 * a typed marker, and with it off the text is returned byte for byte. Either way every finding
 * is counted per file by type and confidence, never its value. A file named like a private key
 * (`id_rsa`, `key.pem`) is counted as one even when no key block in it is recognised.
 */
export const redactSecretsTransform: Transform = {
  name: 'redact-secrets',
  isEnabled: () => true,
  apply: async (text, context) => {
    const { redactSecrets } = await (loading ??= import('./redact-secrets.js'));
    const redacting = context.options.redactSecrets;
    const result = redactSecrets(text, {
      customPatterns: context.options.customSecretPatterns ?? [],
      path: context.name,
      replace: redacting === true,
    });
    for (const finding of result.findings) {
      context.countSecret?.(finding.type, finding.confidence);
      if (redacting) context.countRedaction(finding.type);
    }
    if (
      isPrivateKeyFileName(context.name) &&
      !result.findings.some((finding) => isPrivateKeyType(finding.type))
    )
      context.countSecret?.(PRIVATE_KEY_FILE_TYPE, 'low');
    for (const note of result.notes) context.note(note);
    return result.text;
  },
};
