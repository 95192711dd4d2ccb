import { decodeBase64 } from '../checksums.js';
import { shannonEntropy } from '../entropy.js';
import { isNotAssignedSecret } from '../placeholders.js';
import { anyCase } from '../regex-parts.js';
import type { SecretRule } from '../secret-rule.js';

/** A quoted value (groups: the quote, then the value) or an unquoted one (last group). */
const QUOTED_OR_BARE = (min: number): string =>
  String.raw`(?:(['"\x60])((?:(?!\1)[^\\\r\n]|\\.){${min},256})\1|([^\s'"\x60,;]{${min},256}))`;

/** WordPress's generated keys and salts: 64 printable characters, spaces and symbols included. */
function isWordPressKey(value: string): boolean {
  if (value.length < 32 || /put your unique phrase|example|changeme|your[_ -]|xxxx/i.test(value))
    return false;
  if (/(.)\1{4}/.test(value) || shannonEntropy(value) < 4) return false;
  // Prose has spaces and few symbols; generated salts have both spaces and many symbols.
  const symbols = value.replace(/[A-Za-z0-9\s]/g, '').length;
  return !/\s/.test(value) || symbols >= 4;
}

/** Application frameworks' own secrets: Laravel's APP_KEY, WordPress keys, PHP constants. */
export const FRAMEWORK_RULES: readonly SecretRule[] = [
  {
    id: 'laravel-app-key',
    description: 'Laravel application encryption key (APP_KEY=base64:...)',
    keywords: ['base64:'],
    pattern: new RegExp(
      String.raw`(?:${anyCase('app')}[_.]?${anyCase('key')}|['"]key['"])[^\n]{0,40}?base64:([A-Za-z0-9+/]{43}=|[A-Za-z0-9+/]{22}==)(?![A-Za-z0-9+/=])`,
    ),
    placeholders: 'words',
    validate: (secret) => {
      const bytes = decodeBase64(secret)?.length;
      return bytes === 32 || bytes === 16;
    },
  },
  {
    id: 'wordpress-auth-key',
    description: 'WordPress authentication key or salt (wp-config.php, .env)',
    keywords: ['auth_key', 'auth_salt', 'authkey', 'authsalt', 'logged_in', 'loggedin', 'nonce'],
    pattern: new RegExp(
      String.raw`(?<![A-Za-z0-9_])(?:${anyCase('secure')}_?${anyCase('auth')}|${anyCase('logged')}_?${anyCase('in')}|${anyCase('nonce')}|${anyCase('auth')})_?(?:${anyCase('key')}|${anyCase('salt')})['"]?\s{0,16}(?:,|=>|=|:)\s{0,16}${QUOTED_OR_BARE(32)}`,
    ),
    placeholders: 'none',
    validate: isWordPressKey,
  },
  {
    id: 'php-define-secret',
    description: "password or secret in a PHP constant: define('DB_PASSWORD', '...')",
    keywords: ['define'],
    pattern: new RegExp(
      String.raw`define\(\s{0,8}(['"])[A-Za-z0-9_]{0,40}?(?:PASSWORD|PASSWD|PASS|PWD|SECRET|TOKEN|API_?KEY|PRIVATE_?KEY)[A-Za-z0-9_]{0,40}\1\s{0,16},\s{0,16}(['"])((?:(?!\2)[^\\\r\n]|\\.){4,256})\2\s{0,8}\)`,
    ),
    placeholders: 'none',
    validate: (secret) => !/\s/.test(secret) && !isNotAssignedSecret(secret),
  },
];
