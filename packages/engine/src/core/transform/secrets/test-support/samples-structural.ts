import type { CredentialSample, SampleMaker } from './credential-sample.js';
import type { RandomText } from './random-text.js';
import { ALNUM, LOWER, UPPER, base64url } from './random-text.js';

/** A password as people and generators write them: letters, digits, a few URL-safe symbols. */
export function password(random: RandomText, length = 16): string {
  for (;;) {
    const text = random.from(UPPER + LOWER, 1) + random.from(ALNUM + '!*-_.~', length - 1);
    if (/\d/.test(text)) return text;
  }
}

function pem(label: string, der: string): SampleMaker {
  return (r) => ({
    name: 'key.pem',
    standalone: true,
    prefix: `-----BEGIN ${label}-----\n`,
    body: der + r.base64Lines(1200).slice(der.length),
    suffix: `\n-----END ${label}-----`,
    negatives: [
      `-----BEGIN ${label}-----\nMIIE...\n-----END ${label}-----`,
      `-----BEGIN ${label}-----\n<your key here>\n-----END ${label}-----`,
    ],
  });
}

function url(name: string, before: string, after: string): SampleMaker {
  return (r) => ({
    name,
    before,
    body: password(r),
    after,
    negatives: [
      `"${name}": "${before}\${DB_PASSWORD}${after}"`,
      `"${name}": "${before}password${after}"`,
    ],
  });
}

function jwt(r: RandomText): string {
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64url(
    JSON.stringify({ sub: `user-${r.alnum(8)}`, role: 'service', iat: r.int(1.6e9, 1.8e9) }),
  );
  return `${header}.${payload}.${r.from(ALNUM + '-_', 43)}`;
}

const JWT_IO_SAMPLE = [
  base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' })),
  base64url(JSON.stringify({ sub: '1234567890', name: 'John Doe', iat: 1516239022 })),
  'SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c',
].join('.');

function assignment(
  name: string,
  body: (r: RandomText) => string,
  negatives: readonly string[],
): SampleMaker {
  return (r): CredentialSample => ({ name, body: body(r), contextual: true, negatives });
}

/** Private keys, connection strings, JWTs, auth headers and secret-named assignments. */
export const STRUCTURAL_SAMPLES: Record<string, SampleMaker> = {
  'rsa-private-key': pem('RSA PRIVATE KEY', 'MIIEpAIBAAKCAQEA'),
  'dsa-private-key': pem('DSA PRIVATE KEY', 'MIIBuwIBAAKBgQD'),
  'ec-private-key': pem('EC PRIVATE KEY', 'MHcCAQEEI'),
  'openssh-private-key': pem('OPENSSH PRIVATE KEY', 'b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ'),
  'pkcs8-private-key': pem('PRIVATE KEY', 'MIIEvgIBADANBgkqhkiG9w0BAQEFAASC'),
  'encrypted-private-key': pem(
    'ENCRYPTED PRIVATE KEY',
    'MIIFHDBOBgkqhkiG9w0BBQ0wQTApBgkqhkiG9w0BBQww',
  ),
  'pgp-private-key': (r) => ({
    name: 'private.asc',
    standalone: true,
    prefix: '-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n',
    body: `lQOYBF${r.base64Lines(1400).slice(6)}\n=${r.alnum(4)}`,
    suffix: '\n-----END PGP PRIVATE KEY BLOCK-----',
  }),
  'ssh2-private-key': (r) => ({
    name: 'id_rsa.ssh2',
    standalone: true,
    prefix: '---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----\nComment: "rsa-key-20240101"\n',
    body: `P2/56w${r.base64Lines(1000, 70).slice(6)}`,
    suffix: '\n---- END SSH2 ENCRYPTED PRIVATE KEY ----',
  }),
  'putty-private-key': (r) => ({
    name: 'deploy.ppk',
    standalone: true,
    prefix:
      'PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nComment: deploy-key\nPublic-Lines: 2\n',
    body: `${r.base64Lines(100)}\nPrivate-Lines: 1\n${r.base64Lines(64)}`,
    suffix: `\nPrivate-MAC: ${r.hex(64)}`,
  }),
  'private-key': pem('ED25519 PRIVATE KEY', 'MC4CAQAwBQYDK2VwBCIEI'),
  'postgres-connection-string': url(
    'DATABASE_URL',
    'postgres://app_user:',
    '@db.internal:5432/app',
  ),
  'mysql-connection-string': url('MYSQL_URL', 'mysql://shop:', '@mysql.internal:3306/shop'),
  'mongodb-connection-string': url(
    'MONGO_URI',
    'mongodb+srv://svc:',
    '@cluster0.ab1cd.mongodb.net/prod?retryWrites=true',
  ),
  'redis-connection-string': url('REDIS_URL', 'redis://:', '@cache.internal:6379/0'),
  'amqp-connection-string': url('AMQP_URL', 'amqps://worker:', '@mq.internal:5671/jobs'),
  'mssql-connection-string': url('MSSQL_URL', 'sqlserver://reporting:', '@sql.internal:1433'),
  'jdbc-connection-string': url(
    'JDBC_URL',
    'jdbc:postgresql://report:',
    '@pg.internal:5432/reports',
  ),
  'database-connection-string': url(
    'CLICKHOUSE_URL',
    'clickhouse://analytics:',
    '@ch.internal:9000/default',
  ),
  'ldap-credentials': url('LDAP_URL', 'ldaps://binduser:', '@ldap.internal:636'),
  'smtp-credentials': url('SMTP_URL', 'smtps://mailer:', '@smtp.internal:465'),
  'ftp-credentials': url('FTP_URL', 'ftp://deploy:', '@files.internal/upload'),
  'basic-auth-url': url('ARTIFACTS_URL', 'https://ci-bot:', '@artifacts.internal/repo'),
  'mysql-dsn': url('MYSQL_DSN', 'report:', '@tcp(mysql.internal:3306)/reports?parseTime=true'),
  'mysql-cli-password': (r) => ({
    name: 'backup.sh',
    standalone: true,
    before: 'mysqldump -u backup -p',
    body: password(r),
    after: ' --all-databases > all.sql',
    negatives: ['mysql -u root -p shop', 'mysql -u root -p$MYSQL_ROOT_PASSWORD shop'],
  }),
  'netrc-password': (r) => ({
    name: '.netrc',
    standalone: true,
    before: 'machine api.example.com login deploy password ',
    body: password(r),
    negatives: [
      'machine example.com login anonymous password anonymous',
      'Enter the password below to continue.',
    ],
  }),
  'laravel-app-key': (r) => ({
    name: 'APP_KEY',
    before: 'base64:',
    body: btoa(String.fromCharCode(...Array.from({ length: 32 }, () => r.int(0, 255)))),
    negatives: ['APP_KEY=base64:${LARAVEL_APP_KEY}', `"APP_KEY": "base64:${r.alnum(12)}"`],
  }),
  'wordpress-auth-key': (r) => ({
    name: 'AUTH_KEY',
    body: r.from(ALNUM + '!@#%^&*()-_[]{}<>~+=,.;:/?|', 64),
    contextual: true,
    negatives: ["define( 'AUTH_KEY', 'put your unique phrase here' );"],
  }),
  'php-define-secret': (r) => ({
    name: 'wp-config.php',
    standalone: true,
    before: "define( 'DB_PASSWORD', '",
    body: password(r),
    after: "' );",
    negatives: [
      "define( 'DB_PASSWORD', 'password_here' );",
      "define( 'DB_PASSWORD', getenv('WORDPRESS_DB_PASSWORD') );",
    ],
  }),
  jwt: (r) => ({
    name: 'ID_TOKEN',
    prefix: 'eyJ',
    body: jwt(r).slice(3),
    negatives: [
      `"ID_TOKEN": "${JWT_IO_SAMPLE}"`,
      `"ID_TOKEN": "${base64url('{"alg":"none"}')}.${base64url('{"sub":"a"}')}."`,
    ],
  }),
  'bearer-token': (r) => ({
    name: 'Authorization',
    before: 'Bearer ',
    body: r.alnum(40),
    negatives: ['"Authorization": "Bearer ${API_TOKEN}"', '"Authorization": "Bearer <token>"'],
  }),
  'basic-auth-header': (r) => ({
    name: 'Authorization',
    before: 'Basic ',
    body: btoa(`svc-deploy:${password(r)}`),
    negatives: [`"Authorization": "Basic ${btoa('user:password')}"`],
  }),
  'generic-password': assignment('DB_PASSWORD', (r) => password(r, 14), [
    '"DB_PASSWORD": "${DB_PASSWORD}"',
    '"password": "changeme"',
    '"passwordMinLength": "12"',
    '"password": "Mot de passe"',
    "password = os.environ['DB_PASSWORD']",
    'const password = process.env.DB_PASSWORD;',
    '<input type="password" name="password">',
  ]),
  'generic-secret': assignment('JWT_SIGNING_SECRET', (r) => r.alnum(40), [
    '"client_secret": "<your-client-secret>"',
    '"secret_name": "prod/payments/stripe"',
    '"secretary": "Jane Smith-Walker"',
    'SECRET_KEY = get_secret("django-key")',
  ]),
  'generic-api-key': assignment('PAYMENTS_API_KEY', (r) => r.alnum(32), [
    '"api_key": "YOUR_API_KEY"',
    '"apiKeyHeader": "X-Payments-Api-Key"',
    'apiKey: config.payments.apiKey,',
    `"api_key": "${LOWER.slice(0, 20)}"`,
  ]),
  'generic-token': assignment('INTERNAL_SERVICE_TOKEN', (r) => r.alnum(40), [
    '"token_type": "Bearer"',
    '"tokenizer": "o200k_base_2024_v2"',
    '"max_tokens": "4096"',
    'const token = await getToken(request);',
    '"csrf_token": "{{ csrf_token }}"',
  ]),
};
