import { baseName } from '../../../base-name.js';
import { isNotAssignedSecret } from '../placeholders.js';
import type { SecretRule } from '../secret-rule.js';

const NETRC_NAME = /^[._]netrc$/i;

/** A netrc line: tokens `machine`, `login`, `default` around the password, or a netrc file. */
function isNetrcPassword(password: string, match: RegExpExecArray, path?: string): boolean {
  const line = match.input;
  const login = /(?:^|\s)login\s+(\S+)/.exec(line)?.[1];
  const netrcLine = /(?:^|\s)(?:machine|login)\s+\S/.test(line) || /^\s*default\s/.test(line);
  const inNetrc = path !== undefined && NETRC_NAME.test(baseName(path));
  const alone = /^\s*password\s+\S+\s*$/.test(line);
  return (netrcLine || (inNetrc && alone)) && !isNotAssignedSecret(password, login);
}

/** Passwords in the files and commands that keep them in their own syntax. */
export const CREDENTIAL_FILE_RULES: readonly SecretRule[] = [
  {
    id: 'netrc-password',
    description: '.netrc password (machine ... login ... password ...)',
    keywords: ['password'],
    pattern: /(?:^|\s)password\s+(\S{3,256})/,
    placeholders: 'none',
    validate: (password, match, file) => isNetrcPassword(password, match, file.path),
  },
  {
    id: 'mysql-cli-password',
    description: 'MySQL / MariaDB password on the command line (-pPASSWORD)',
    keywords: ['mysql', 'mariadb'],
    pattern:
      /\b(?:mysql|mysqldump|mysqladmin|mysqlimport|mysqlcheck|mysqlsh|mariadb(?:-dump|-admin)?)\b[^\n]{0,200}?\s-p(?:'([^'\s]{3,128})'|"([^"\s]{3,128})"|([^\s'"-][^\s'"]{2,127}))(?=\s|$|["'\x60;)])/,
    placeholders: 'none',
    validate: (password) => !isNotAssignedSecret(password),
  },
  {
    id: 'mysql-dsn',
    description: 'MySQL DSN password (Go driver: user:password@tcp(host)/db)',
    keywords: ['@tcp(', '@unix(', '@udp('],
    pattern: /(?<![\w/:.@-])([A-Za-z0-9_.-]{1,64}):([^\s"'\x60]{3,128}?)@(?:tcp|unix|udp)\(/,
    placeholders: 'none',
    validate: (password, match) => !isNotAssignedSecret(password, match[1]),
  },
];
