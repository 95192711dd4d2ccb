import { crc32, encodeBase62 } from '../checksums.js';
import type { SampleMaker } from './credential-sample.js';
import type { RandomText } from './random-text.js';
import { ALNUM, BASE64, DIGITS, LOWER, UPPER } from './random-text.js';

const URLSAFE = ALNUM + '-_';

/** 30 random base62 characters and their CRC32 (GitHub 2021 and npm token format). */
export function checksummed(random: RandomText): string {
  const entropy = random.alnum(30);
  return entropy + encodeBase62(crc32(entropy), 6);
}

const tok =
  (name: string, prefix: string, body: (r: RandomText) => string): SampleMaker =>
  (r) => ({ name, prefix, body: body(r) });
const ctx =
  (name: string, body: (r: RandomText) => string, prefix?: string): SampleMaker =>
  (r) => ({ name, body: body(r), contextual: true, ...(prefix !== undefined && { prefix }) });

/** Cloud, hosting, source control, registries and CI/CD. */
export const INFRASTRUCTURE_SAMPLES: Record<string, SampleMaker> = {
  'aws-access-key': tok('AWS_ACCESS_KEY_ID', 'AKIA', (r) => r.from(UPPER + '234567', 16)),
  'aws-secret-key': ctx('AWS_SECRET_ACCESS_KEY', (r) => r.from(BASE64, 40)),
  'aws-session-token': ctx('AWS_SESSION_TOKEN', (r) => r.from(BASE64, 300), 'IQoJb3JpZ2luX2Vj'),
  'aws-mws-auth-token': tok('MWS_AUTH_TOKEN', 'amzn.mws.', (r) => r.uuid()),
  'aws-bedrock-api-key': tok('AWS_BEARER_TOKEN_BEDROCK', 'ABSKQmVkcm9ja0FQSUtleS', (r) =>
    r.from(BASE64, 120),
  ),
  'gcp-service-account-key': (r) => ({
    name: 'private_key',
    prefix: '-----BEGIN PRIVATE KEY-----\\n',
    body: r.base64Lines(1600, 64, '\\n'),
    suffix: '\\n-----END PRIVATE KEY-----\\n',
    contextual: true,
  }),
  'gcp-api-key': tok('GOOGLE_MAPS_API_KEY', 'AIza', (r) => r.from(URLSAFE, 35)),
  'gcp-oauth-client-secret': tok('GOOGLE_CLIENT_SECRET', 'GOCSPX-', (r) => r.from(URLSAFE, 28)),
  'google-oauth-access-token': tok('GOOGLE_ACCESS_TOKEN', 'ya29.', (r) => r.from(URLSAFE, 120)),
  'google-oauth-refresh-token': tok('GOOGLE_REFRESH_TOKEN', '1//0', (r) => r.from(URLSAFE, 100)),
  'azure-storage-account-key': (r) => ({
    name: 'AZURE_STORAGE_CONNECTION_STRING',
    before: 'DefaultEndpointsProtocol=https;AccountName=acmeprod;AccountKey=',
    body: r.from(BASE64, 86),
    suffix: '==',
    after: ';EndpointSuffix=core.windows.net',
  }),
  'azure-sas-token': (r) => ({
    name: 'AZURE_BLOB_SAS_URL',
    before:
      'https://acmeprod.blob.core.windows.net/exports?sv=2022-11-02&ss=b&srt=o&sp=r&se=2030-01-01T00:00:00Z&sig=',
    body: r.from(BASE64, 43),
    suffix: '%3D',
  }),
  'azure-service-bus-key': (r) => ({
    name: 'SERVICEBUS_CONNECTION',
    before:
      'Endpoint=sb://acme.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=',
    body: r.from(BASE64, 43),
    suffix: '=',
  }),
  'azure-ad-client-secret': (r) => ({
    name: 'AZURE_CLIENT_SECRET',
    body: `${r.alnum(3)}${r.from(DIGITS, 1)}Q~${r.from(ALNUM + '_~.-', 34)}`,
  }),
  'azure-devops-pat': ctx('AZURE_DEVOPS_PAT', (r) => r.from(LOWER + '234567', 52)),
  'alibaba-access-key-id': tok('ALIBABA_CLOUD_ACCESS_KEY_ID', 'LTAI', (r) => r.alnum(20)),
  'alibaba-access-key-secret': ctx('ALIBABA_CLOUD_ACCESS_KEY_SECRET', (r) => r.alnum(30)),
  'ibm-cloud-api-key': ctx('IBM_CLOUD_APIKEY', (r) => r.from(URLSAFE, 44)),
  'tencent-cloud-secret-id': tok('TENCENTCLOUD_SECRET_ID', 'AKID', (r) => r.alnum(32)),
  'databricks-token': tok('DATABRICKS_TOKEN', 'dapi', (r) => r.hex(32)),
  'digitalocean-token': tok('DIGITALOCEAN_TOKEN', 'dop_v1_', (r) => r.hex(64)),
  'digitalocean-oauth-token': tok('DO_OAUTH_TOKEN', 'doo_v1_', (r) => r.hex(64)),
  'digitalocean-refresh-token': tok('DO_REFRESH_TOKEN', 'dor_v1_', (r) => r.hex(64)),
  'heroku-api-key': ctx('HEROKU_API_KEY', (r) => r.uuid()),
  'cloudflare-api-token': ctx('CLOUDFLARE_API_TOKEN', (r) => r.from(URLSAFE, 40)),
  'cloudflare-global-api-key': ctx('CLOUDFLARE_API_KEY', (r) => r.hex(37)),
  'cloudflare-origin-ca-key': tok('CF_ORIGIN_CA_KEY', 'v1.0-', (r) => `${r.hex(24)}-${r.hex(146)}`),
  'vercel-token': ctx('VERCEL_TOKEN', (r) => r.alnum(24)),
  'netlify-token': tok('NETLIFY_AUTH_TOKEN', 'nfp_', (r) => r.alnum(36)),
  'fly-io-token': tok('FLY_API_TOKEN', 'fo1_', (r) => r.from(URLSAFE, 43)),
  'linode-token': ctx('LINODE_TOKEN', (r) => r.hex(64)),
  'render-api-key': tok('RENDER_API_KEY', 'rnd_', (r) => r.alnum(32)),
  'hetzner-api-token': ctx('HCLOUD_TOKEN', (r) => r.alnum(64)),
  'scaleway-secret-key': ctx('SCW_SECRET_KEY', (r) => r.uuid()),
  'supabase-access-token': tok('SUPABASE_ACCESS_TOKEN', 'sbp_', (r) => r.hex(40)),
  'supabase-secret-key': tok('SUPABASE_SECRET_KEY', 'sb_secret_', (r) => r.from(URLSAFE, 31)),
  'firebase-cloud-messaging-key': tok(
    'FCM_SERVER_KEY',
    'AAAA',
    (r) => `${r.from(URLSAFE, 7)}:APA91b${r.from(URLSAFE, 134)}`,
  ),
  'planetscale-token': tok('PLANETSCALE_SERVICE_TOKEN', 'pscale_tkn_', (r) =>
    r.from(ALNUM + '_', 43),
  ),
  'github-token': (r) => ({
    name: 'GITHUB_TOKEN',
    prefix: 'ghp_',
    body: checksummed(r),
    negatives: [`"GITHUB_TOKEN": "ghp_${r.alnum(40)}"`],
  }),
  'github-oauth-token': tok('GH_OAUTH_TOKEN', 'gho_', checksummed),
  'github-user-to-server-token': tok('GH_USER_TOKEN', 'ghu_', checksummed),
  'github-app-installation-token': tok('GH_INSTALLATION_TOKEN', 'ghs_', (r) => r.alnum(36)),
  'github-refresh-token': tok('GH_REFRESH_TOKEN', 'ghr_', (r) => r.alnum(76)),
  'github-fine-grained-token': tok('GH_PAT', 'github_pat_', (r) => `${r.alnum(22)}_${r.alnum(59)}`),
  'gitlab-token': tok('GITLAB_TOKEN', 'glpat-', (r) => r.from(URLSAFE, 20)),
  'gitlab-pipeline-trigger-token': tok('GITLAB_TRIGGER_TOKEN', 'glptt-', (r) => r.hex(40)),
  'gitlab-runner-token': tok('RUNNER_TOKEN', 'glrt-', (r) => r.from(URLSAFE, 20)),
  'gitlab-runner-registration-token': tok('REGISTRATION_TOKEN', 'GR1348941', (r) =>
    r.from(URLSAFE, 20),
  ),
  'gitlab-deploy-token': tok('GITLAB_DEPLOY_TOKEN', 'gldt-', (r) => r.from(URLSAFE, 20)),
  'gitlab-feed-token': tok('GITLAB_FEED_TOKEN', 'glft-', (r) => r.from(URLSAFE, 20)),
  'gitlab-oauth-app-secret': tok('GITLAB_APP_SECRET', 'gloas-', (r) => r.from(URLSAFE, 64)),
  'gitlab-scim-token': tok('GITLAB_SCIM_TOKEN', 'glsoat-', (r) => r.from(URLSAFE, 20)),
  'gitlab-incoming-mail-token': tok('INCOMING_EMAIL_TOKEN', 'glimt-', (r) =>
    r.from(LOWER + DIGITS, 25),
  ),
  'gitlab-agent-token': tok('GITLAB_AGENT_TOKEN', 'glagent-', (r) => r.from(URLSAFE, 50)),
  'gitlab-cicd-job-token': tok('CI_JOB_TOKEN', 'glcbt-', (r) => r.from(URLSAFE, 30)),
  'bitbucket-app-password': tok('BITBUCKET_APP_PASSWORD', 'ATBB', (r) => r.alnum(32)),
  'bitbucket-client-secret': ctx('BITBUCKET_CLIENT_SECRET', (r) => r.alnum(32)),
  'npm-token': (r) => ({
    name: 'NPM_TOKEN',
    prefix: 'npm_',
    body: checksummed(r),
    negatives: [`"NPM_TOKEN": "npm_${r.alnum(40)}"`],
  }),
  'npmrc-auth-token': (r) => ({
    name: 'npmrc',
    before: '//registry.npmjs.org/:_authToken=',
    body: r.uuid(),
    standalone: true,
    negatives: ['//registry.npmjs.org/:_authToken=${NPM_TOKEN}'],
  }),
  'pypi-token': tok('PYPI_API_TOKEN', 'pypi-AgEIcHlwaS5vcmc', (r) => r.from(URLSAFE, 150)),
  'docker-hub-token': tok('DOCKERHUB_TOKEN', 'dckr_pat_', (r) => r.from(URLSAFE, 27)),
  'docker-registry-auth': (r) => ({
    name: 'auth',
    body: btoa(`deploy:${r.alnum(20)}`),
    negatives: [`"auth": "${btoa('user:password')}"`],
  }),
  'rubygems-api-key': tok('GEM_HOST_API_KEY', 'rubygems_', (r) => r.hex(48)),
  'nuget-api-key': tok('NUGET_API_KEY', 'oy2', (r) => r.from(LOWER + DIGITS, 43)),
  'clojars-token': tok('CLOJARS_PASSWORD', 'CLOJARS_', (r) => r.from(LOWER + DIGITS, 60)),
  'artifactory-api-key': tok('ARTIFACTORY_API_KEY', 'AKCp', (r) => r.alnum(69)),
  'jfrog-identity-token': tok('JFROG_ACCESS_TOKEN', 'cmVmdGtuOjAxOj', (r) => r.from(BASE64, 64)),
  'sonar-token': tok('SONAR_TOKEN', 'squ_', (r) => r.hex(40)),
  'circleci-token': tok('CIRCLECI_TOKEN', 'CCIPAT_', (r) => `${r.alnum(22)}_${r.hex(40)}`),
  'buildkite-token': tok('BUILDKITE_API_TOKEN', 'bkua_', (r) => r.hex(40)),
  'terraform-cloud-token': tok(
    'TFE_TOKEN',
    '',
    (r) => `${r.alnum(14)}.atlasv1.${r.from(URLSAFE, 67)}`,
  ),
  'vault-service-token': tok('VAULT_TOKEN', 'hvs.', (r) => r.from(URLSAFE, 90)),
  'vault-batch-token': tok('VAULT_BATCH_TOKEN', 'hvb.', (r) => r.from(URLSAFE, 140)),
  'vault-legacy-token': ctx('VAULT_TOKEN', (r) => r.alnum(24), 's.'),
  'pulumi-token': tok('PULUMI_ACCESS_TOKEN', 'pul-', (r) => r.hex(40)),
  'doppler-token': tok('DOPPLER_TOKEN', 'dp.pt.', (r) => r.alnum(43)),
  'postman-api-key': tok('POSTMAN_API_KEY', 'PMAK-', (r) => `${r.hex(24)}-${r.hex(34)}`),
  'harness-token': tok(
    'HARNESS_API_KEY',
    'pat.',
    (r) => `${r.from(URLSAFE, 22)}.${r.hex(24)}.${r.alnum(20)}`,
  ),
  'octopus-deploy-api-key': tok('OCTOPUS_API_KEY', 'API-', (r) => r.from(UPPER + DIGITS, 26)),
  'infracost-api-key': tok('INFRACOST_API_KEY', 'ico-', (r) => r.alnum(32)),
  'openshift-token': tok('OPENSHIFT_TOKEN', 'sha256~', (r) => r.from(URLSAFE, 43)),
  'kubernetes-client-key-data': (r) => {
    const block = `-----BEGIN RSA PRIVATE KEY-----\n${r.base64Lines(900)}\n-----END RSA PRIVATE KEY-----\n`;
    const encoded = btoa(block);
    const body = encoded.slice(14).replace(/=+$/, '');
    return {
      name: 'client-key-data',
      prefix: encoded.slice(0, 14),
      body,
      suffix: encoded.slice(14 + body.length),
    };
  },
  'tailscale-key': tok('TS_AUTHKEY', 'tskey-auth-', (r) => `${r.alnum(12)}-${r.alnum(33)}`),
  'ngrok-authtoken': ctx('NGROK_AUTHTOKEN', (r) => `2${r.alnum(26)}_${r.alnum(21)}`),
  'age-secret-key': tok('SOPS_AGE_KEY', 'AGE-SECRET-KEY-1', (r) =>
    r.from('QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L', 58),
  ),
};
