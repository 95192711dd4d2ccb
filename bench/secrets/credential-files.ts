// Planted credential files whose syntax is their own (.my.cnf, .netrc, wp-config.php, a Laravel
// .env, shell scripts calling mysql) and GitHub/npm tokens whose checksum does not verify: the
// shapes an independent corpus found missing. Each file also holds the stand-ins people leave
// in such files, which must stay untouched.
import type { RandomText } from '../../packages/engine/src/core/transform/secrets/test-support/credential-samples.js';
import { ALNUM } from '../../packages/engine/src/core/transform/secrets/test-support/credential-samples.js';
import { checksummed } from '../../packages/engine/src/core/transform/secrets/test-support/samples-infrastructure.js';
import type { CorpusFile, PlantedSecret } from './generate-corpus.js';

const WORDS = ['hunter', 'falcon', 'orchid', 'maple', 'cobalt', 'river', 'sierra', 'tango'];

/** Passwords in three styles: generator output, word plus digits, symbol-heavy. */
function password(r: RandomText): string {
  switch (r.int(0, 2)) {
    case 0:
      return r.alnum(16);
    case 1:
      return `${r.pick(WORDS)}${r.from('0123456789', 2)}${r.from('abcdefghijklmnopqrstuvwxyz', 3)}`;
    default:
      return `${r.from(ALNUM, 2)}${r.from('!#^*()_+-=', 2)}${r.alnum(8)}${r.from('0123456789', 1)}`;
  }
}

/** Replaces the last checksum digit: the token keeps its shape, its CRC32 no longer matches. */
function badChecksum(r: RandomText): string {
  const body = checksummed(r);
  const last = body[body.length - 1] ?? 'A';
  return body.slice(0, -1) + (ALNUM[(ALNUM.indexOf(last) + 7) % ALNUM.length] ?? 'B');
}

interface Template {
  readonly path: string;
  /** The file text, with each planted secret written as `{{type}}` and given in `values`. */
  readonly build: (r: RandomText) => { text: string; values: [string, string][] };
}

const TEMPLATES: readonly Template[] = [
  {
    path: '.my.cnf',
    build: (r) => {
      const pw = password(r);
      return {
        text: `[client]\nuser=backup\npassword={{generic-password}}\nhost=db.internal\n\n[mysqldump]\nquick\n# password=<your-password>\n`,
        values: [['generic-password', pw]],
      };
    },
  },
  {
    path: '.netrc',
    build: (r) => ({
      text: 'machine api.heroku.com\n  login ops@example.com\n  password {{netrc-password}}\nmachine example.com login anonymous password anonymous\n',
      values: [['netrc-password', r.uuid()]],
    }),
  },
  {
    path: 'public/wp-config.php',
    build: (r) => {
      const values: [string, string][] = [['php-define-secret', password(r)]];
      let text =
        "<?php\ndefine( 'DB_NAME', 'wordpress' );\ndefine( 'DB_USER', 'wp' );\ndefine( 'DB_PASSWORD', '{{php-define-secret}}' );\n";
      for (const name of ['AUTH_KEY', 'SECURE_AUTH_KEY', 'LOGGED_IN_SALT', 'NONCE_SALT']) {
        text += `define( '${name}', '{{wordpress-auth-key}}' );\n`;
        values.push([
          'wordpress-auth-key',
          r.from(`${ALNUM}!@#%^&*()-_ []{}<>~+=,.;:/?|`, 64).trim(),
        ]);
      }
      text += "define( 'NONCE_KEY', 'put your unique phrase here' );\n$table_prefix = 'wp_';\n";
      return { text, values };
    },
  },
  {
    path: 'shop/.env',
    build: (r) => {
      const key = btoa(String.fromCharCode(...Array.from({ length: 32 }, () => r.int(0, 255))));
      return {
        text: `APP_NAME=Shop\nAPP_ENV=production\nAPP_KEY=base64:{{laravel-app-key}}\nDB_PASSWORD={{generic-password}}\nMAIL_PASSWORD=\nREDIS_PASSWORD=null\nDATABRICKS_TOKEN={{databricks-token}}\n`,
        values: [
          ['laravel-app-key', key],
          ['generic-password', password(r)],
          ['databricks-token', `dapi${r.hex(32)}`],
        ],
      };
    },
  },
  {
    path: 'scripts/backup.sh',
    build: (r) => ({
      text: `#!/bin/sh\nset -eu\nmysqldump -u backup -p{{mysql-cli-password}} --all-databases > /backup/all.sql\nmysql -u root -p shop < schema.sql\n`,
      values: [['mysql-cli-password', r.alnum(14)]],
    }),
  },
  {
    path: 'cmd/report/db.go',
    build: (r) => ({
      text: `package main\n\nconst dsn = "report:{{mysql-dsn}}@tcp(mysql.internal:3306)/reports?parseTime=true"\nconst local = "root:\${MYSQL_PASSWORD}@tcp(db:3306)/app"\n`,
      values: [['mysql-dsn', password(r).replace(/[()]/g, 'k')]],
    }),
  },
  {
    path: 'config/cache.yml',
    build: (r) => ({
      text: `cache:\n  url: redis://:{{redis-connection-string}}@cache.internal:6379/0\n  fallback: redis://:\${REDIS_PASSWORD}@localhost:6379\nmirror: https://ci-bot:{{basic-auth-url}}@artifacts.internal/repo\n`,
      values: [
        ['redis-connection-string', password(r)],
        ['basic-auth-url', `${r.alnum(5)}@${r.alnum(8)}1`],
      ],
    }),
  },
  {
    path: 'ci/tokens.env',
    build: (r) => ({
      text: `GITHUB_TOKEN=ghp_{{github-token}}\nNPM_TOKEN=npm_{{npm-token}}\nGH_PAT=github_pat_{{github-fine-grained-token}}\nEXAMPLE_TOKEN=ghp_${'x'.repeat(36)}\n`,
      values: [
        ['github-token', badChecksum(r)],
        ['npm-token', badChecksum(r)],
        ['github-fine-grained-token', r.alnum(82)],
      ],
    }),
  },
];

/** One copy of every template per round, with fresh values; paths numbered per round. */
export function credentialFiles(
  r: RandomText,
  rounds: number,
): { files: CorpusFile[]; truth: PlantedSecret[]; negatives: number } {
  const files: CorpusFile[] = [];
  const truth: PlantedSecret[] = [];
  let negatives = 0;
  for (let round = 0; round < rounds; round++) {
    for (const template of TEMPLATES) {
      const { text, values } = template.build(r);
      const path = `credential-files/r${round}/${template.path}`;
      let content = '';
      let rest = text;
      for (const [type, value] of values) {
        const marker = `{{${type}}}`;
        const at = rest.indexOf(marker);
        if (at < 0) throw new Error(`${template.path}: no ${marker} left`);
        content += rest.slice(0, at);
        truth.push({ path, start: content.length, end: content.length + value.length, type });
        content += value;
        rest = rest.slice(at + marker.length);
      }
      content += rest;
      files.push({ path, content });
      // Each template holds one or two stand-ins beside its secrets (see the texts above).
      negatives += 1;
    }
  }
  return { files, truth, negatives };
}
