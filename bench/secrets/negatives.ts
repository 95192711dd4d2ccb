// Tricky negatives: values that look like credentials (hashes, ids, integrity strings, inline
// images, public keys, placeholders, test fixtures) but must not be redacted.
import type { RandomText } from '../../packages/engine/src/core/transform/secrets/test-support/credential-samples.js';
import { BASE64 } from '../../packages/engine/src/core/transform/secrets/test-support/credential-samples.js';
import type { Language } from './languages.js';

export interface NegativePair {
  readonly kind: string;
  readonly name: string;
  readonly value: string;
}

const x = (n: number): string => 'x'.repeat(n);

function pemLike(random: RandomText, label: string): string {
  return `-----BEGIN ${label}-----\n${random.base64Lines(600)}\n-----END ${label}-----`;
}

/** Name/value pairs, written like the planted secrets. */
export function negativePairs(r: RandomText): NegativePair[] {
  return [
    { kind: 'git-sha', name: 'commit_sha', value: r.hex(40) },
    { kind: 'sha256', name: 'checksum', value: `sha256:${r.hex(64)}` },
    { kind: 'md5', name: 'etag', value: r.hex(32) },
    { kind: 'uuid', name: 'request_id', value: r.uuid() },
    { kind: 'uuid', name: 'tenant_id', value: r.uuid() },
    { kind: 'integrity', name: 'integrity', value: `sha512-${r.from(BASE64, 86)}==` },
    { kind: 'integrity', name: 'integrity', value: `sha1-${r.from(BASE64, 27)}=` },
    { kind: 'data-image', name: 'logo', value: `data:image/png;base64,${r.from(BASE64, 1500)}` },
    {
      kind: 'data-image',
      name: 'icon',
      value: `data:image/svg+xml;base64,${r.from(BASE64, 600)}==`,
    },
    { kind: 'asset-hash', name: 'bundle_url', value: `https://cdn.acme.io/app.${r.hex(16)}.js` },
    { kind: 'digest', name: 'image_digest', value: `sha256:${r.hex(64)}` },
    { kind: 'public', name: 'STRIPE_PUBLISHABLE_KEY', value: `pk_live_${r.alnum(99)}` },
    {
      kind: 'public',
      name: 'MAPBOX_PUBLIC_TOKEN',
      value: `pk.eyJ1IjoiYWNtZSIsImEiOiJ${r.alnum(20)}.${r.alnum(22)}`,
    },
    { kind: 'public', name: 'public_key', value: pemLike(r, 'PUBLIC KEY') },
    { kind: 'public', name: 'ca_certificate', value: pemLike(r, 'CERTIFICATE') },
    { kind: 'placeholder', name: 'AWS_ACCESS_KEY_ID', value: 'AKIAIOSFODNN7EXAMPLE' },
    {
      kind: 'placeholder',
      name: 'AWS_SECRET_ACCESS_KEY',
      value: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    },
    { kind: 'placeholder', name: 'GITHUB_TOKEN', value: `ghp_${x(36)}` },
    { kind: 'placeholder', name: 'GITHUB_TOKEN', value: '${GITHUB_TOKEN}' },
    { kind: 'placeholder', name: 'API_KEY', value: '<your-api-key>' },
    { kind: 'placeholder', name: 'API_KEY', value: 'YOUR_API_KEY_HERE' },
    { kind: 'placeholder', name: 'DB_PASSWORD', value: 'changeme' },
    { kind: 'placeholder', name: 'DB_PASSWORD', value: 'password' },
    { kind: 'placeholder', name: 'SECRET_KEY', value: '${SECRET_KEY}' },
    { kind: 'placeholder', name: 'STRIPE_SECRET_KEY', value: `sk_live_${x(24)}` },
    { kind: 'placeholder', name: 'OPENAI_API_KEY', value: 'sk-...' },
    {
      kind: 'placeholder',
      name: 'SLACK_WEBHOOK_URL',
      value: `https://hooks.slack.com/services/T00000000/B00000000/${'X'.repeat(24)}`,
    },
    {
      kind: 'placeholder',
      name: 'DATABASE_URL',
      value: 'postgres://user:password@localhost:5432/app',
    },
    {
      kind: 'placeholder',
      name: 'DATABASE_URL',
      value: 'postgres://postgres:postgres@localhost:5432/test',
    },
    {
      kind: 'placeholder',
      name: 'DATABASE_URL',
      value: 'mysql://root:${MYSQL_ROOT_PASSWORD}@db:3306/app',
    },
    { kind: 'placeholder', name: 'AUTH_TOKEN', value: '{{ auth_token }}' },
    {
      kind: 'placeholder',
      name: 'PRIVATE_KEY',
      value: '-----BEGIN RSA PRIVATE KEY-----\n...\n-----END RSA PRIVATE KEY-----',
    },
    { kind: 'test-fixture', name: 'mockToken', value: 'test-token-123' },
    { kind: 'test-fixture', name: 'fakeApiKey', value: 'fake-api-key-for-tests' },
    { kind: 'test-fixture', name: 'TEST_SECRET', value: 'not-a-real-secret' },
    { kind: 'test-fixture', name: 'dummyPassword', value: 'dummy-password' },
    { kind: 'name-only', name: 'token_type', value: 'Bearer' },
    { kind: 'name-only', name: 'tokenizer', value: 'o200k_base' },
    { kind: 'name-only', name: 'max_tokens', value: '4096' },
    { kind: 'name-only', name: 'password_min_length', value: '12' },
    { kind: 'name-only', name: 'secret_name', value: 'prod/payments/stripe-key' },
    { kind: 'name-only', name: 'api_key_header', value: 'X-Api-Key' },
    {
      kind: 'name-only',
      name: 'SECRET_ARN',
      value: 'arn:aws:secretsmanager:us-east-1:123456789012:secret:prod/db-AbCdEf',
    },
    {
      kind: 'jwt-example',
      name: 'EXAMPLE_JWT',
      value:
        'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c',
    },
  ];
}

/** Whole lines that read a secret from elsewhere, in each language's idiom. */
export const INDIRECTION_LINES: Record<Language, readonly string[]> = {
  ts: [
    'const apiToken = process.env.API_TOKEN ?? "";',
    'const dbPassword = import.meta.env.VITE_DB_PASSWORD;',
  ],
  py: ['password = os.environ["DB_PASSWORD"]', 'api_key = os.getenv("API_KEY", "")'],
  go: ['\ttoken := os.Getenv("API_TOKEN")', '\tpassword := os.Getenv("DB_PASSWORD")'],
  yaml: ['  password: ${{ secrets.DB_PASSWORD }}', '  api_key: !vault "secret/data/api#key"'],
  env: ['DB_PASSWORD=${POSTGRES_PASSWORD}', 'API_KEY=$API_KEY'],
  json: ['  "passwordEnv": "DB_PASSWORD",'],
  sh: ['export TOKEN="$(cat /run/secrets/token)"', 'PASSWORD="${DB_PASSWORD:?missing}"'],
  java: [
    '    private final String password = System.getenv("DB_PASSWORD");',
    '    @Value("${api.key}") private String apiKey;',
  ],
};
