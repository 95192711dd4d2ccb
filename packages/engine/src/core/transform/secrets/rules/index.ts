import type { SecretRule } from '../secret-rule.js';
import { AI_RULES } from './ai.js';
import { CLOUD_RULES } from './cloud.js';
import { CONNECTION_STRING_RULES } from './connection-strings.js';
import { CREDENTIAL_FILE_RULES } from './credential-files.js';
import { DEVOPS_RULES } from './devops.js';
import { FRAMEWORK_RULES } from './frameworks.js';
import { GENERIC_RULES } from './generic.js';
import { HOSTING_RULES } from './hosting.js';
import { MESSAGING_RULES } from './messaging.js';
import { OBSERVABILITY_RULES } from './observability.js';
import { PAYMENT_RULES } from './payments.js';
import { PRIVATE_KEY_RULES } from './private-keys.js';
import { PRODUCTIVITY_RULES } from './productivity.js';
import { SOURCE_CONTROL_RULES } from './source-control.js';

/**
 * Every built-in rule, most specific first: where two matches overlap, the earlier rule wins
 * (a GitHub token inside `token = "..."` is a github-token, not a generic-token).
 */
export const SECRET_RULES: readonly SecretRule[] = [
  ...CLOUD_RULES,
  ...PRIVATE_KEY_RULES,
  ...SOURCE_CONTROL_RULES,
  ...DEVOPS_RULES,
  ...HOSTING_RULES,
  ...PAYMENT_RULES,
  ...MESSAGING_RULES,
  ...AI_RULES,
  ...OBSERVABILITY_RULES,
  ...PRODUCTIVITY_RULES,
  ...FRAMEWORK_RULES,
  ...CONNECTION_STRING_RULES,
  ...CREDENTIAL_FILE_RULES,
  ...GENERIC_RULES,
];
