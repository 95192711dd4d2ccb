import { checksumConfidence } from '../checksums.js';
import type { SecretRule } from '../secret-rule.js';
import { anyCase, assigned, prefixed } from '../regex-parts.js';

/** GitHub tokens of the 2021 format: prefix, 30 random base62 characters, 6 of CRC32. */
function githubToken(id: string, prefix: string, description: string): SecretRule {
  return {
    id,
    description,
    keywords: [prefix],
    pattern: prefixed(prefix, '[A-Za-z0-9]{36}'),
    minEntropy: 3.5,
    confidence: checksumConfidence(prefix.length),
  };
}

const FINE_GRAINED_SHAPE = /^github_pat_[A-Za-z0-9]{22}_[A-Za-z0-9]{59}$/;

function gitlabToken(id: string, prefix: string, body: string, description: string): SecretRule {
  return { id, description, keywords: [prefix.toLowerCase()], pattern: prefixed(prefix, body) };
}

/** GitHub, GitLab, Bitbucket. */
export const SOURCE_CONTROL_RULES: readonly SecretRule[] = [
  githubToken('github-token', 'ghp_', 'GitHub personal access token (classic)'),
  githubToken('github-oauth-token', 'gho_', 'GitHub OAuth access token'),
  githubToken('github-user-to-server-token', 'ghu_', 'GitHub App user-to-server token'),
  {
    id: 'github-app-installation-token',
    description: 'GitHub App installation (server-to-server) token, e.g. Actions GITHUB_TOKEN',
    keywords: ['ghs_'],
    pattern: prefixed('ghs_', '[A-Za-z0-9]{36,251}'),
    minEntropy: 3.8,
  },
  {
    id: 'github-refresh-token',
    description: 'GitHub App refresh token',
    keywords: ['ghr_'],
    pattern: prefixed('ghr_', '[A-Za-z0-9]{36,76}'),
    minEntropy: 3.8,
  },
  {
    id: 'github-fine-grained-token',
    description: 'GitHub fine-grained personal access token',
    keywords: ['github_pat_'],
    // Documented as 22 + `_` + 59 characters; other lengths are kept, with low confidence.
    pattern: prefixed('github_pat_', '[A-Za-z0-9_]{40,255}'),
    minEntropy: 3.5,
    confidence: (secret) => (FINE_GRAINED_SHAPE.test(secret) ? 'high' : 'low'),
  },
  gitlabToken(
    'gitlab-token',
    'glpat-',
    '[A-Za-z0-9_\\-.]{20,300}',
    'GitLab personal, project or group access token',
  ),
  gitlabToken(
    'gitlab-pipeline-trigger-token',
    'glptt-',
    '[0-9a-f]{40}',
    'GitLab pipeline trigger token',
  ),
  gitlabToken(
    'gitlab-runner-token',
    'glrt-',
    '[A-Za-z0-9_\\-.]{20,300}',
    'GitLab runner authentication token',
  ),
  gitlabToken(
    'gitlab-runner-registration-token',
    'GR1348941',
    '[A-Za-z0-9_\\-]{20}',
    'GitLab runner registration token',
  ),
  gitlabToken('gitlab-deploy-token', 'gldt-', '[A-Za-z0-9_\\-]{20,300}', 'GitLab deploy token'),
  gitlabToken('gitlab-feed-token', 'glft-', '[A-Za-z0-9_\\-]{20,300}', 'GitLab feed token'),
  gitlabToken(
    'gitlab-oauth-app-secret',
    'gloas-',
    '[A-Za-z0-9_\\-]{64}',
    'GitLab OAuth application secret',
  ),
  gitlabToken('gitlab-scim-token', 'glsoat-', '[A-Za-z0-9_\\-]{20,300}', 'GitLab SCIM OAuth token'),
  gitlabToken(
    'gitlab-incoming-mail-token',
    'glimt-',
    '[A-Za-z0-9_\\-]{25,300}',
    'GitLab incoming e-mail token',
  ),
  gitlabToken(
    'gitlab-agent-token',
    'glagent-',
    '[A-Za-z0-9_\\-]{50,300}',
    'GitLab agent for Kubernetes token',
  ),
  gitlabToken(
    'gitlab-cicd-job-token',
    'glcbt-',
    '[A-Za-z0-9_\\-]{20,300}',
    'GitLab CI/CD job token',
  ),
  {
    id: 'bitbucket-app-password',
    description: 'Bitbucket app password or Atlassian-issued Bitbucket token',
    keywords: ['atbb'],
    pattern: prefixed('ATBB', '[A-Za-z0-9_=.\\-]{32}'),
    minEntropy: 3.5,
  },
  {
    id: 'bitbucket-client-secret',
    description: 'Bitbucket OAuth consumer secret',
    keywords: ['bitbucket'],
    pattern: assigned(
      `${anyCase('bitbucket')}[\\w.\\-]{0,24}?${anyCase('secret')}`,
      '[A-Za-z0-9]{32}',
    ),
    minEntropy: 3.5,
  },
];
