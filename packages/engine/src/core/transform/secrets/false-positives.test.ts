// The false-positive policy (README.md), kind by kind: none of these is redacted.
import { describe, expect, it } from 'vitest';
import { redactSecrets } from './redact-secrets.js';
import { BASE64, RandomText, createRng } from './test-support/credential-samples.js';

const random = new RandomText(createRng(7));
const hex = (n: number): string => random.hex(n);

function expectUntouched(text: string): void {
  const result = redactSecrets(text);
  expect(
    result.findings.map((finding) => finding.type),
    text.slice(0, 120),
  ).toEqual([]);
  expect(result.text).toBe(text);
}

describe('false positives', () => {
  it.each([
    ['git SHA', `commit ${hex(40)}\nMerge: ${hex(7)} ${hex(7)}`],
    ['git SHA in JSON', `{"sha": "${hex(40)}", "parents": [{"sha": "${hex(40)}"}]}`],
    ['sha256', `checksum: sha256:${hex(64)}\nimage: ghcr.io/acme/api@sha256:${hex(64)}`],
    ['md5', `"etag": "${hex(32)}",\nmd5sum ${hex(32)}  dist/app.js`],
    ['hash in a secret-named constant', `TOKEN_HASH = "${hex(64)}"\npassword_digest: "${hex(40)}"`],
  ])('hashes: %s', (_kind, text) => expectUntouched(text));

  it.each([
    ['id fields', `{"id": "${random.uuid()}", "request_id": "${random.uuid()}"}`],
    ['code', `const tenantId = '${random.uuid()}';\nuser_uuid = "${random.uuid()}"`],
    ['token id', `"tokenId": "${random.uuid()}"`],
  ])('UUIDs: %s', (_kind, text) => expectUntouched(text));

  it('lock-file integrity strings', () => {
    expectUntouched(
      `"node_modules/token-types": {\n  "version": "6.0.0",\n  "integrity": "sha512-${random.from(BASE64, 86)}==",\n  "resolved": "https://registry.npmjs.org/token-types/-/token-types-6.0.0.tgz"\n}`,
    );
    expectUntouched(
      `secret-handshake@^1.1.0:\n  version "1.1.20"\n  integrity sha1-${random.from(BASE64, 27)}=`,
    );
  });

  it.each([
    ['TS', `const logo = "data:image/png;base64,${random.from(BASE64, 4000)}";`],
    ['CSS', `.icon { background: url(data:image/svg+xml;base64,${random.from(BASE64, 900)}==); }`],
    ['markdown', `![chart](data:image/jpeg;base64,${random.from(BASE64, 2000)})`],
    [
      'source map',
      `//# sourceMappingURL=data:application/json;base64,${random.from(BASE64, 3000)}`,
    ],
  ])('base64 images and inline data: %s', (_kind, text) => expectUntouched(text));

  it('a real token inside a data URI payload is not a finding, one next to it is', () => {
    const payload = `${random.from(BASE64, 100)}AKIA${random.from('ABCDEFGHIJKLMNOPQRSTUVWXYZ', 16)}${random.from(BASE64, 100)}`;
    expectUntouched(`img = "data:image/png;base64,${payload}"`);
  });

  it.each([
    [
      'AWS documentation keys',
      'AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE\nAWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    ],
    [
      'xxxx',
      `GITHUB_TOKEN=ghp_${'x'.repeat(36)}\nSTRIPE_SECRET_KEY=sk_live_${'x'.repeat(24)}\napi_key: "xxxxxxxxxxxxxxxxxxxxxxxx"`,
    ],
    [
      '<your-token>',
      'token: <your-token>\nAuthorization: Bearer <your-access-token>\napi_key = "<YOUR_API_KEY>"',
    ],
    [
      '${ENV_VAR}',
      'password: ${DB_PASSWORD}\nDATABASE_URL=postgres://app:${DB_PASSWORD}@db:5432/app\ntoken = "${API_TOKEN}"',
    ],
    [
      'process.env',
      'const apiKey = process.env.API_KEY;\nconst secret = process.env["CLIENT_SECRET"] ?? "";',
    ],
    [
      'os.environ',
      'password = os.environ["DB_PASSWORD"]\nsecret_key = os.environ.get("SECRET_KEY")\ntoken = os.getenv("TOKEN")',
    ],
    ['changeme', 'password: changeme\nDB_PASSWORD="changeme"\nredis://:changeme@localhost:6379'],
    [
      'the word password',
      'password: password\n"password": "Password"\npostgres://user:password@localhost/db',
    ],
    [
      'templating',
      'password: "{{ .Values.db.password }}"\ntoken: {{ secrets.TOKEN }}\nsecret = "%(secret)s"',
    ],
    ['CI secrets', 'GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}\nNPM_TOKEN: $NPM_TOKEN'],
    ['masked', 'password: "********"\napi_key: "sk-...abcd"'],
    [
      'same user and password',
      'postgres://postgres:postgres@localhost:5432/test\namqp://guest:guest@localhost:5672/',
    ],
  ])('placeholders: %s', (_kind, text) => expectUntouched(text));

  it.each([
    [
      'mock values',
      'const mockToken = "test-token-123";\nconst fakeApiKey = "fake-api-key-for-tests";',
    ],
    [
      'fixture words',
      'TEST_SECRET = "not-a-real-secret"\ndummyPassword: "dummy-password"\nstub_token = "stub_token_value_1234"',
    ],
    [
      'jwt.io sample',
      'token = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"',
    ],
    [
      'key block stand-ins',
      '-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA...\n-----END RSA PRIVATE KEY-----',
    ],
  ])('test fixtures: %s', (_kind, text) => expectUntouched(text));

  it.each([
    [
      'public key and certificate',
      `-----BEGIN PUBLIC KEY-----\n${random.base64Lines(400)}\n-----END PUBLIC KEY-----\n-----BEGIN CERTIFICATE-----\n${random.base64Lines(800)}\n-----END CERTIFICATE-----`,
    ],
    [
      'publishable keys',
      `STRIPE_PUBLISHABLE_KEY=pk_live_${random.alnum(99)}\nmapboxPublicToken: "pk.eyJ1IjoiYWNtZSIsImEiOiJ${random.alnum(20)}.${random.alnum(22)}"`,
    ],
    ['algolia search key', `ALGOLIA_SEARCH_KEY=${hex(32)}`],
  ])('public by design: %s', (_kind, text) => expectUntouched(text));

  it.each([
    [
      'descriptive names',
      'token_type: "Bearer"\ntokenizer: "o200k_base"\nmax_tokens: 4096\npassword_min_length: 12\nsecret_name: "prod/payments/stripe-key"',
    ],
    [
      'code that reads secrets',
      'const token = await getToken(request);\npassword = input("Password: ")\ntoken := os.Getenv("TOKEN")',
    ],
    [
      'type annotations',
      'interface Login { password: string; token?: string }\nfunc auth(token string, password string) error',
    ],
    ['prose', 'Set the password to something long. The token expires after one hour.'],
    [
      'i18n',
      '"password": "Mot de passe",\n"token": "Jeton d\'accès",\n"password_hint": "Au moins 12 caractères"',
    ],
    ['html', '<input type="password" name="password" autocomplete="current-password">'],
    [
      'paging and idempotency tokens',
      '"NextToken": "U2FsdGVkX18vvPlOqb7RDrWRWVFBJI46MOIAb+nZmRJmR15NoRi2gm13"\n"ClientRequestToken": "550e8400-e29b-41d4-a716-446655440002"\nnextPageToken: "CiAKGjBpNDd2Nmp2Zml2cXRwYjBpOXA"',
    ],
    [
      'dates and ARNs',
      '"PasswordLastUsed": "2016-09-08T21:47:36Z",\n"ARN": "arn:aws:secretsmanager:us-west-2:123456789012:secret:MySecret1-a1b2c3"',
    ],
    [
      'generated type names',
      'retrieve<T>(token: InjectionToken$1<T>, options?: unknown): T;\nconst token = createToken2(name);',
    ],
    [
      'type declarations',
      'Password: __string;\nclientSecret: SensitiveString2048;\nexport type PrivateKeyBlob = Buffer|Uint8Array|Blob|string;',
    ],
    [
      'minified chained assignments',
      'j.nextPossibleTokensAfter=j.possiblePathsFrom=j.NextTerminalAfterAtLeastOneSepWalker=void 0;',
    ],
    [
      'values that name themselves',
      '"termToken": "term-token-gPFEGk7CF4wS901w7ppYclt7"\nclientToken: "cachedvol112233"',
    ],
    [
      'short camelCase names',
      'const isInCheckNoChangesPass = ngDevMode && isInCheckNoChanges;\nthis._aoPassMap = aoPassMap;\nconst passMRT = this.getMRT();\n"output_token": "Jobs[-1].JobId",\nUSER_PASSWORD_AUTH: Non-SRP authentication',
    ],
    [
      'messages in scripts without spaces',
      '"The_parser_expected_to_find_a_1_to_match_the_0_token_here_1007": "分析器预期在此处找到与“{0}”标记匹配的“{1}”。",',
    ],
    [
      'messages with escaped quotes',
      '"Unexpected_token_Did_you_mean_1382": "Unerwartetes Token. Meinten Sie \\"{\'>\'}\\"?",\n"Running_extra_resolution_pass_for_module_6140": "In Projekt \\"{0}\\" ist die Erkennung aktiviert."',
    ],
  ])('secret-looking names without secrets: %s', (_kind, text) => expectUntouched(text));
});
