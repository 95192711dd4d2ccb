// Secret redaction (DESIGN 4.7): the transform, the function it runs, and what tests and the
// bench need to inspect the rules.
export { redactSecretsTransform } from './redact-secrets-transform.js';
export { redactSecrets, builtInRules } from './redact-secrets.js';
export type { RedactionOptions, RedactionResult } from './redact-secrets.js';
export { SECRET_RULES } from './rules/index.js';
export type { SecretRule } from './secret-rule.js';
export type { SecretFinding } from './find-secrets.js';
export {
  CUSTOM_SECRET_TYPE,
  customSecretPatternsSchema,
  findCustomPatternProblem,
} from './custom-patterns.js';
