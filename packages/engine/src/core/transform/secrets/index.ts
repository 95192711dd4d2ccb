// Secret detection and redaction: the transform, the function it runs, the report of what was
// found, and what tests and the bench need to inspect the rules.
export { redactSecretsTransform } from './redact-secrets-transform.js';
export { redactSecrets, builtInRules } from './redact-secrets.js';
export type { RedactionOptions, RedactionResult } from './redact-secrets.js';
export { SECRET_RULES } from './rules/index.js';
export type { SecretRule } from './secret-rule.js';
export type { SecretFinding } from './find-secrets.js';
export { summarizeSecrets, describeSecrets, REDACT_HINT } from './secret-report.js';
export type { SecretReport } from './secret-report.js';
export {
  CUSTOM_SECRET_TYPE,
  customSecretPatternsSchema,
  findCustomPatternProblem,
} from './custom-patterns.js';
