import { checksumConfidence, decodeBase64 } from '../checksums.js';
import { isNotAssignedSecret } from '../placeholders.js';
import type { SecretRule } from '../secret-rule.js';
import { END, START, anyCase, anyOf, assigned, prefixed } from '../regex-parts.js';

/** Package registries, CI/CD, infrastructure and secret managers. */
export const DEVOPS_RULES: readonly SecretRule[] = [
  {
    id: 'npm-token',
    description: 'npm access token (npm_, with its CRC32)',
    keywords: ['npm_'],
    pattern: prefixed('npm_', '[A-Za-z0-9]{36}'),
    minEntropy: 3.5,
    confidence: checksumConfidence(4),
  },
  {
    id: 'npmrc-auth-token',
    description: 'Registry credential in .npmrc / .yarnrc (_authToken, _auth, _password)',
    keywords: ['_authtoken', '_auth', '_password', 'npmauthtoken'],
    pattern: new RegExp(
      String.raw`(?:_authToken|_auth|_password|npmAuthToken)["']?\s*[=:]\s*["']?([A-Za-z0-9+/=_.\-:]{16,512})${END}`,
    ),
    placeholders: 'assignment',
  },
  {
    id: 'pypi-token',
    description: 'PyPI / TestPyPI API token',
    keywords: ['pypi-ag'],
    pattern: anyOf(
      prefixed('pypi-AgEIcHlwaS5vcmc', '[A-Za-z0-9_\\-]{50,1000}'),
      prefixed('pypi-AgENdGVzdC5weXBpLm9yZw', '[A-Za-z0-9_\\-]{50,1000}'),
    ),
    minEntropy: 3.5,
    placeholders: 'words',
  },
  {
    id: 'docker-hub-token',
    description: 'Docker Hub personal or organization access token',
    keywords: ['dckr_'],
    pattern: prefixed('dckr_', '(?:pat|oat)_[A-Za-z0-9_\\-]{27,32}'),
    minEntropy: 3.5,
  },
  {
    id: 'docker-registry-auth',
    description: 'base64 user:password in a Docker config.json "auth" entry',
    keywords: ['"auth"'],
    pattern: /"auth"\s*:\s*"([A-Za-z0-9+/]{12,512}={0,2})"/,
    placeholders: 'none',
    validate: (secret) => {
      const decoded = decodeBase64(secret);
      const colon = decoded?.indexOf(':') ?? -1;
      if (decoded === undefined || colon < 1 || !/^[\x20-\x7e]+$/.test(decoded)) return false;
      return !isNotAssignedSecret(decoded.slice(colon + 1), decoded.slice(0, colon));
    },
  },
  {
    id: 'rubygems-api-key',
    description: 'RubyGems API key',
    keywords: ['rubygems_'],
    pattern: prefixed('rubygems_', '[a-f0-9]{48}'),
  },
  {
    id: 'nuget-api-key',
    description: 'NuGet.org API key',
    keywords: ['oy2'],
    pattern: prefixed('oy2', '[a-z0-9]{43}'),
    minEntropy: 3.8,
  },
  {
    id: 'clojars-token',
    description: 'Clojars deploy token',
    keywords: ['clojars_'],
    pattern: prefixed('CLOJARS_', '[a-z0-9]{60}'),
  },
  {
    id: 'artifactory-api-key',
    description: 'JFrog Artifactory API key',
    keywords: ['akcp'],
    pattern: prefixed('AKCp', '[A-Za-z0-9]{69}'),
    minEntropy: 4,
  },
  {
    id: 'jfrog-identity-token',
    description: 'JFrog access / identity token (base64 of "reftkn:01:")',
    keywords: ['cmvmdgtuojaxoj'],
    pattern: prefixed('cmVmdGtuOjAxOj', '[A-Za-z0-9+/]{50,200}={0,2}'),
    minEntropy: 3.5,
    placeholders: 'words',
  },
  {
    id: 'sonar-token',
    description: 'SonarQube / SonarCloud token',
    keywords: ['squ_', 'sqp_', 'sqa_'],
    pattern: prefixed('sq', '[upa]_[a-f0-9]{40}'),
  },
  {
    id: 'circleci-token',
    description: 'CircleCI personal or project API token',
    keywords: ['ccipat_', 'ccipt_'],
    pattern: prefixed('CCIP', 'A?T_[A-Za-z0-9]{22}_[a-f0-9]{40}'),
  },
  {
    id: 'buildkite-token',
    description: 'Buildkite API access token',
    keywords: ['bkua_'],
    pattern: prefixed('bkua_', '[a-f0-9]{40}'),
  },
  {
    id: 'terraform-cloud-token',
    description: 'Terraform Cloud / Enterprise API token',
    keywords: ['.atlasv1.'],
    pattern: new RegExp(`${START}([A-Za-z0-9]{14}\\.atlasv1\\.[A-Za-z0-9_=\\-]{60,70})${END}`),
  },
  {
    id: 'vault-service-token',
    description: 'HashiCorp Vault service token',
    keywords: ['hvs.'],
    pattern: prefixed('hvs.', '[A-Za-z0-9_\\-]{24,300}'),
    minEntropy: 3.5,
  },
  {
    id: 'vault-batch-token',
    description: 'HashiCorp Vault batch token',
    keywords: ['hvb.'],
    pattern: prefixed('hvb.', '[A-Za-z0-9_\\-]{100,400}'),
    minEntropy: 3.5,
  },
  {
    id: 'vault-legacy-token',
    description: 'HashiCorp Vault token of the pre-1.10 format (s.<24>) next to a Vault name',
    keywords: ['vault'],
    pattern: assigned(anyCase('vault'), 's\\.[A-Za-z0-9]{24}'),
    minEntropy: 3.5,
  },
  {
    id: 'pulumi-token',
    description: 'Pulumi access token',
    keywords: ['pul-'],
    pattern: prefixed('pul-', '[a-f0-9]{40}'),
  },
  {
    id: 'doppler-token',
    description: 'Doppler personal, CLI, service, service-account, SCIM or audit token',
    keywords: ['dp.pt.', 'dp.ct.', 'dp.st.', 'dp.sa.', 'dp.scim.', 'dp.audit.'],
    pattern: prefixed(
      'dp.',
      '(?:pt|ct|sa|scim|audit|st(?:\\.[a-z0-9_\\-]{2,35})?)\\.[A-Za-z0-9]{40,44}',
    ),
  },
  {
    id: 'postman-api-key',
    description: 'Postman API key',
    keywords: ['pmak-'],
    pattern: prefixed('PMAK-', '[a-f0-9]{24}-[a-f0-9]{34}'),
  },
  {
    id: 'harness-token',
    description: 'Harness personal access or service account token',
    keywords: ['pat.', 'sat.'],
    pattern: new RegExp(
      `${START}((?:pat|sat)\\.[A-Za-z0-9_\\-]{22}\\.[a-f0-9]{24}\\.[A-Za-z0-9]{20})${END}`,
    ),
  },
  {
    id: 'octopus-deploy-api-key',
    description: 'Octopus Deploy API key',
    keywords: ['api-'],
    pattern: prefixed('API-', '[A-Z0-9]{26,32}'),
    minEntropy: 3.5,
  },
  {
    id: 'infracost-api-key',
    description: 'Infracost API key',
    keywords: ['ico-'],
    pattern: prefixed('ico-', '[A-Za-z0-9]{32}'),
    minEntropy: 3.5,
  },
  {
    id: 'openshift-token',
    description: 'OpenShift user token',
    keywords: ['sha256~'],
    pattern: prefixed('sha256~', '[A-Za-z0-9_\\-]{43}'),
    minEntropy: 3.5,
  },
  {
    id: 'kubernetes-client-key-data',
    description: 'base64 private key in a kubeconfig (client-key-data) or Kubernetes Secret',
    keywords: ['ls0tls1crudjti'],
    pattern: prefixed('LS0tLS1CRUdJTi', '[A-Za-z0-9+/]{100,16384}={0,2}'),
    validate: (secret) => (decodeBase64(secret.slice(0, 120)) ?? '').includes('PRIVATE KEY'),
    placeholders: 'words',
  },
  {
    id: 'tailscale-key',
    description: 'Tailscale auth, API, OAuth client or webhook key',
    keywords: ['tskey-'],
    pattern: prefixed(
      'tskey-',
      '(?:auth|api|client|scim|webhook)-[A-Za-z0-9]{8,20}-[A-Za-z0-9]{20,64}',
    ),
  },
  {
    id: 'ngrok-authtoken',
    description: 'ngrok agent authtoken or API key next to an ngrok name',
    keywords: ['ngrok'],
    pattern: assigned(anyCase('ngrok'), '[1-9A-Za-z][0-9A-Za-z]{24,27}_[0-9A-Za-z]{20,22}'),
  },
  {
    id: 'age-secret-key',
    description: 'age encryption secret key',
    keywords: ['age-secret-key-1'],
    pattern: prefixed('AGE-SECRET-KEY-1', '[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}'),
  },
];
