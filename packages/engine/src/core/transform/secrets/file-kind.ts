import { baseName } from '../../base-name.js';
import type { ScannedFile } from './secret-rule.js';

/** Extensions of configuration syntaxes, where `key = value` holds a literal value. */
const CONFIG_EXTENSIONS = new Set([
  'yaml',
  'yml',
  'toml',
  'ini',
  'cfg',
  'conf',
  'cnf',
  'properties',
  'env',
  'netrc',
  'pgpass',
  'npmrc',
  'pypirc',
  'xml',
]);

/** Configuration files known by name (`.env.production`, `.my.cnf`, `.netrc`, `credentials`). */
const CONFIG_NAMES =
  /^(?:\.env(?:\..+)?|\.?my\.cnf|[._]netrc|\.pgpass|\.npmrc|\.pypirc|\.git-credentials|credentials|config)$/i;

/** Names of files that hold a private key, whatever their content looks like. */
const PRIVATE_KEY_NAMES =
  /^(?:id_(?:rsa|dsa|ecdsa|ed25519)(?:_sk)?|.*\.(?:ppk|key)|.*(?:key|priv|private)[^/]*\.pem|.*\.pem\.key)$/i;

/** What the scanner should know about the file at `path` (undefined: treated as code). */
export function scannedFile(path: string | undefined): ScannedFile {
  if (path === undefined) return { configSyntax: false };
  const name = baseName(path);
  const dot = name.lastIndexOf('.');
  const extension = dot >= 0 ? name.slice(dot + 1).toLowerCase() : '';
  return { path, configSyntax: CONFIG_NAMES.test(name) || CONFIG_EXTENSIONS.has(extension) };
}

/** `id_rsa`, `server.key`, `deploy.ppk`, `key.pem`, `privkey.pem`: a private key by its name. */
export function isPrivateKeyFileName(path: string): boolean {
  const name = baseName(path);
  // `public_key.pem`, `jwt-public.key`: the other half of the pair, meant to be shared.
  return PRIVATE_KEY_NAMES.test(name) && !/pub/i.test(name);
}
