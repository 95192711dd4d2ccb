// Credentials as people keep them in configuration: URLs with passwords, MySQL and netrc files,
// framework keys (Laravel, WordPress), Databricks tokens, and password assignments in config
// syntaxes. Values are drawn at test time in several styles (generator output, word plus
// digits, symbol-heavy), so the rules are checked against shapes they were not written from.
import { describe, expect, it } from 'vitest';
import { redactSecrets } from './redact-secrets.js';
import { markerFor } from './redact.js';
import { ALNUM, HEX, LOWER, RandomText, createRng } from './test-support/credential-samples.js';

const random = new RandomText(createRng(20261125));
const SYMBOLS = '!@#$%^&*()_+-=';
const WORDS = ['hunter', 'falcon', 'orchid', 'maple', 'cobalt', 'river', 'sierra', 'tango'];

/** Passwords in the styles planted corpora use; never a documented stand-in shape. */
function passwords(): string[] {
  const symbolic = (): string => {
    for (;;) {
      const text = random.from(ALNUM, 1) + random.from(ALNUM + SYMBOLS, 13);
      if (/\d/.test(text) && /[!@#%^&*()_+=-]/.test(text) && !/\$|\*{3}|%\(/.test(text))
        return text;
    }
  };
  return [
    random.alnum(16),
    `${random.pick(WORDS)}${random.from('0123456789', 2)}${random.from(LOWER, 3)}`,
    symbolic(),
    symbolic(),
  ];
}

/** Runs the redactor on `text` (as the file `path`) and expects exactly `secret` replaced. */
function expectRedacted(text: string, secret: string, type: string, path?: string): void {
  const result = redactSecrets(text, path === undefined ? {} : { path });
  expect(
    result.findings.map((finding) => finding.type),
    text,
  ).toEqual([type]);
  expect(result.text, text).toBe(text.replace(secret, markerFor(type)));
}

function expectClean(text: string, path?: string): void {
  const result = redactSecrets(text, path === undefined ? {} : { path });
  expect(
    result.findings.map((finding) => finding.type),
    text,
  ).toEqual([]);
}

describe('passwords in URLs', () => {
  it.each(passwords())('finds %s in database, cache and basic-auth URLs', (password) => {
    expectRedacted(
      `DATABASE_URL=postgres://app:${password}@db.internal:5432/app`,
      password,
      'postgres-connection-string',
    );
    expectRedacted(
      `url: "mysql://shop:${password}@mysql.internal:3306/shop"`,
      password,
      'mysql-connection-string',
    );
    expectRedacted(
      `REDIS_URL=redis://:${password}@cache.internal:6379/0`,
      password,
      'redis-connection-string',
    );
    expectRedacted(
      `const mirror = "https://ci-bot:${password}@artifacts.internal/repo";`,
      password,
      'basic-auth-url',
    );
  });

  it('redacts a password holding an unencoded @ whole', () => {
    const password = `${random.alnum(6)}@${random.alnum(8)}1`;
    expectRedacted(
      `DATABASE_URL=postgres://app:${password}@db.internal:5432/app`,
      password,
      'postgres-connection-string',
    );
  });

  it('reads a lone bracket in a password as a symbol, not as code', () => {
    const letters = (n: number) => random.from(LOWER, n);
    const password = `${letters(1)}3)-${letters(3)}L${letters(4)}3`;
    expectRedacted(
      `url: redis://:${password}@cache.internal:6379/0`,
      password,
      'redis-connection-string',
    );
    expectRedacted(`password = "${password}"`, password, 'generic-password');
  });

  it('finds the password of a Go MySQL DSN', () => {
    for (const password of passwords()) {
      expectRedacted(
        `dsn := "report:${password}@tcp(mysql.internal:3306)/reports?parseTime=true"`,
        password,
        'mysql-dsn',
      );
    }
  });

  it.each([
    'postgres://user:password@localhost:5432/app',
    'redis://:${REDIS_PASSWORD}@cache:6379',
    'mysql://root:<password>@db:3306/app',
    'https://user:pass@example.com/',
    'amqp://guest:guest@localhost:5672/',
    'dsn := "root:${MYSQL_PASSWORD}@tcp(db:3306)/app"',
  ])('keeps the stand-in %s', (text) => expectClean(text));
});

describe('MySQL passwords', () => {
  it.each(passwords())('finds %s in .my.cnf and on the mysql command line', (password) => {
    expectRedacted(
      `[client]\nuser=backup\npassword=${password}\nhost=db.internal\n`,
      password,
      'generic-password',
      'home/.my.cnf',
    );
    expectRedacted(
      `[mysqldump]\npassword = "${password}"\n`,
      password,
      'generic-password',
      'etc/mysql/my.cnf',
    );
    const quoted = /[!&*()#^]/.test(password) ? `'${password}'` : password;
    expectRedacted(
      `mysqldump -u backup -p${quoted} --all-databases > all.sql`,
      password,
      'mysql-cli-password',
    );
  });

  it.each([
    'mysql -u root -p mydb',
    'mysql -u root -p$MYSQL_ROOT_PASSWORD mydb',
    'mysql -uroot -p"${DB_PASS}" -h db',
    'mysqladmin -u root -P3306 status',
  ])('keeps %s', (text) => expectClean(text));
});

describe('generated passwords of letters only', () => {
  it('are passwords, not words, where a password goes', () => {
    const consonants = 'bcdfghjklmnpqrstvwxz';
    // A capitalised run without a vowel, then capitals: long letter runs, like words have.
    const password = `${random.from(consonants.toUpperCase(), 1)}${random.from(consonants, 2)}${random.from('ABCDEFGHIJKLMNOPQRSTUVWXYZ', 10)}`;
    expectRedacted(`mysql -u root -p${password} shop`, password, 'mysql-cli-password');
    expectRedacted(`DB_PASSWORD=${password}\n`, password, 'generic-password', '.env');
  });
});

describe('.netrc passwords', () => {
  it.each(passwords())('finds %s on one line and in the block form', (password) => {
    expectRedacted(
      `machine api.example.com login deploy password ${password}\n`,
      password,
      'netrc-password',
    );
    const token = random.uuid();
    expectRedacted(
      `machine api.heroku.com\n  login ops@example.com\n  password ${token}\n`,
      token,
      'netrc-password',
      '.netrc',
    );
    expectRedacted(
      `machine git.example.com\n  login ci\n  password ${password}\n`,
      password,
      'netrc-password',
      '_netrc',
    );
  });

  it.each([
    'machine example.com login anonymous password anonymous',
    'Enter the password below to continue.',
    'machine example.com login me password $NETRC_PASSWORD',
  ])('keeps %s', (text) => expectClean(text));
});

describe('framework keys', () => {
  const laravelKey = (): string =>
    btoa(String.fromCharCode(...Array.from({ length: 32 }, () => random.int(0, 255))));

  it('finds a Laravel APP_KEY in .env and in config/app.php', () => {
    const key = laravelKey();
    expectRedacted(
      `APP_NAME=Shop\nAPP_KEY=base64:${key}\nAPP_DEBUG=false\n`,
      key,
      'laravel-app-key',
    );
    const other = laravelKey();
    expectRedacted(`    'key' => env('APP_KEY', 'base64:${other}'),`, other, 'laravel-app-key');
  });

  it.each(['APP_KEY=', 'APP_KEY=base64:${LARAVEL_KEY}', 'APP_KEY=SomeRandomString'])(
    'keeps %s',
    (text) => expectClean(text),
  );

  const wordpressSalt = (): string => {
    const chars = ALNUM + '!@#$%^&*()-_ []{}<>~`+=,.;:/?|';
    for (;;) {
      const text = random.from(chars, 64);
      if (/\S/.test(text[0] ?? '') && /\S/.test(text[63] ?? '')) return text;
    }
  };

  it.each([
    'AUTH_KEY',
    'SECURE_AUTH_KEY',
    'LOGGED_IN_KEY',
    'NONCE_KEY',
    'AUTH_SALT',
    'SECURE_AUTH_SALT',
    'LOGGED_IN_SALT',
    'NONCE_SALT',
  ])('finds the WordPress %s in wp-config.php', (name) => {
    const salt = wordpressSalt();
    expectRedacted(`define( '${name}', '${salt}' );`, salt, 'wordpress-auth-key', 'wp-config.php');
    const env = random.from(ALNUM + '!@#%^&*()-_[]{}~+=,.;:/?|', 64);
    expectRedacted(`${name}='${env}'`, env, 'wordpress-auth-key', '.env');
  });

  it('finds the database password of wp-config.php', () => {
    for (const password of passwords()) {
      expectRedacted(
        `define( 'DB_PASSWORD', '${password}' );`,
        password,
        'php-define-secret',
        'wp-config.php',
      );
    }
  });

  it.each([
    "define( 'AUTH_KEY',         'put your unique phrase here' );",
    "define( 'DB_PASSWORD', 'password_here' );",
    "define( 'DB_PASSWORD', getenv('WORDPRESS_DB_PASSWORD') );",
    "define( 'WP_DEBUG', false );",
  ])('keeps the wp-config-sample line %s', (text) => expectClean(text, 'wp-config.php'));
});

describe('Databricks tokens', () => {
  it('finds dapi tokens, with and without the workspace suffix', () => {
    const token = `dapi${random.from(HEX, 32)}`;
    expectRedacted(`DATABRICKS_TOKEN=${token}`, token, 'databricks-token');
    const suffixed = `dapi${random.from(HEX, 32)}-2`;
    expectRedacted(
      `[DEFAULT]\nhost = https://adb-1.azuredatabricks.net\ntoken = ${suffixed}\n`,
      suffixed,
      'databricks-token',
    );
  });

  it.each(['token = dapi' + 'x'.repeat(32), 'dapi_client = DatabricksApi(host)'])(
    'keeps %s',
    (text) => expectClean(text),
  );
});

describe('password assignments in config files', () => {
  it.each(passwords())('finds %s under password-named keys', (password) => {
    const cases: [string, string][] = [
      [`database:\n  password: ${password}\n`, 'config/database.yml'],
      [`[db]\npasswd=${password}\n`, 'setup.cfg'],
      [`spring.datasource.password=${password}\n`, 'application.properties'],
      [`[database]\npassword = "${password}"\n`, 'config.toml'],
      [`DB_PASSWORD=${password}\n`, '.env.production'],
      [`  <password>${password}</password>\n`, 'settings.xml'],
    ];
    for (const [text, path] of cases) {
      // `&` needs escaping in XML, and ends an unquoted value in most config syntaxes.
      if (password.includes('&') && !text.includes('"')) continue;
      expectRedacted(text, password, 'generic-password', path);
    }
  });

  it.each([
    ['password: changeme', 'config.yml'],
    ['password: ${DB_PASSWORD}', 'config.yml'],
    ['password: <your-password>', 'config.yml'],
    ['password: "<your-password>"', 'config.yml'],
    ['passwd=password', 'setup.cfg'],
    ['DB_PASSWORD=', '.env'],
    ['password: !secret mqtt_password', 'configuration.yaml'],
    ['password_min_length: 12', 'config.yml'],
    ['const password = hunter22xyz;', 'src/app.ts'],
  ])('keeps %s in %s', (text, path) => expectClean(text, path));
});
