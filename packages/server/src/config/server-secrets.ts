import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from './config.js';

export type ResolvedConfig = Config & { jwtSecret: string; adminToken: string };

/** Reads a secret kept in DATA_DIR, creating it (readable by the owner only) the first time. */
function readOrCreateSecret(dataDir: string, file: string): string {
  const path = join(dataDir, file);
  if (existsSync(path)) {
    const value = readFileSync(path, 'utf8').trim();
    if (value.length >= 32) return value;
  }
  const value = randomBytes(32).toString('base64url');
  writeFileSync(path, `${value}\n`, { mode: 0o600 });
  return value;
}

export const ADMIN_TOKEN_FILE = 'admin-token';
export const JWT_SECRET_FILE = 'jwt-secret';

/** Creates DATA_DIR and fills JWT_SECRET and ADMIN_TOKEN from it when the environment has none. */
export function resolveSecrets(config: Config): ResolvedConfig {
  mkdirSync(config.dataDir, { recursive: true });
  return {
    ...config,
    jwtSecret: config.jwtSecret ?? readOrCreateSecret(config.dataDir, JWT_SECRET_FILE),
    adminToken: config.adminToken ?? readOrCreateSecret(config.dataDir, ADMIN_TOKEN_FILE),
  };
}
