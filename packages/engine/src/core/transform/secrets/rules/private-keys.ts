import type { SecretRule } from '../secret-rule.js';

/** Armor headers that may precede the base64 body (encrypted PEM, PGP). */
const ARMOR_HEADER = /^[ \t]*[A-Za-z][A-Za-z-]*: .*$/gm;

/**
 * The body of a key block is base64 of real key material: long, in the base64 alphabet, and
 * varied. Documentation stand-ins ("MIIE...", "<your key>", "xxxx") are not.
 */
export function hasKeyMaterial(block: string): boolean {
  const lines = block.replace(/\\r|\\n/g, '\n').split('\n');
  const body = lines
    .slice(1, -1)
    .join('\n')
    .replace(ARMOR_HEADER, '')
    .replace(/[\s"'+,\\]/g, '');
  if (body.length < 64 || !/^[A-Za-z0-9+/=]+$/.test(body)) return false;
  return new Set(body).size >= 24;
}

/** A block's body: anything up to 64 KB that does not run into another block's armor line. */
const BODY = String.raw`(?:(?!-----(?:BEGIN|END) )[\s\S]){0,65536}?`;

function pemBlock(id: string, label: string, description: string): SecretRule {
  return {
    id,
    description,
    keywords: [label.toLowerCase()],
    multiline: true,
    pattern: new RegExp(`-----BEGIN ${label}-----${BODY}-----END ${label}-----`),
    placeholders: 'none',
    validate: hasKeyMaterial,
  };
}

/** Private key blocks of every PEM, OpenSSH, PGP, SSH2 and PuTTY kind: replaced whole. */
export const PRIVATE_KEY_RULES: readonly SecretRule[] = [
  pemBlock('rsa-private-key', 'RSA PRIVATE KEY', 'PEM RSA private key (PKCS#1)'),
  pemBlock('dsa-private-key', 'DSA PRIVATE KEY', 'PEM DSA private key'),
  pemBlock('ec-private-key', 'EC PRIVATE KEY', 'PEM elliptic-curve private key (SEC 1)'),
  pemBlock('openssh-private-key', 'OPENSSH PRIVATE KEY', 'OpenSSH private key'),
  pemBlock('pkcs8-private-key', 'PRIVATE KEY', 'PEM private key (PKCS#8, any algorithm)'),
  pemBlock('encrypted-private-key', 'ENCRYPTED PRIVATE KEY', 'PEM encrypted private key (PKCS#8)'),
  pemBlock('pgp-private-key', 'PGP PRIVATE KEY BLOCK', 'OpenPGP (GnuPG) private key block'),
  {
    id: 'ssh2-private-key',
    description: 'SSH2 (RFC 4716 / commercial SSH) private key',
    keywords: ['begin ssh2 encrypted private key'],
    multiline: true,
    pattern:
      /---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----(?:(?!---- (?:BEGIN|END) )[\s\S]){0,65536}?---- END SSH2 ENCRYPTED PRIVATE KEY ----/,
    placeholders: 'none',
    validate: hasKeyMaterial,
  },
  {
    id: 'putty-private-key',
    description: 'PuTTY private key file (.ppk)',
    keywords: ['putty-user-key-file-'],
    multiline: true,
    pattern:
      /PuTTY-User-Key-File-[23]: [\w-]+(?:\r?\n|\\n)(?:(?!PuTTY-User-Key-File-)[\s\S]){32,65536}?Private-MAC: [0-9a-f]{40,64}/,
    placeholders: 'none',
    validate: (block) => block.includes('Private-Lines:'),
  },
  {
    id: 'private-key',
    description: 'PEM private key of another kind (e.g. "DH PRIVATE KEY", "SSH2 PRIVATE KEY")',
    keywords: ['private key'],
    multiline: true,
    pattern:
      /-----BEGIN ((?:[A-Z0-9]+ )+PRIVATE KEY(?: BLOCK)?)-----(?:(?!-----(?:BEGIN|END) )[\s\S]){0,65536}?-----END \1-----/,
    redactWholeMatch: true,
    placeholders: 'none',
    validate: hasKeyMaterial,
  },
];
