import { randomBytes } from 'node:crypto';
import {
  API_KEY_PREFIX,
  type ApiKeyScope,
  type createApiKeyRequestSchema,
  type CreatedApiKeyResponse,
} from '@repobundle/contract';
import type { z } from 'zod';
import type { ApiKeyRow } from '../db/repositories/api-keys.repository.js';
import type { UserRow } from '../db/repositories/users.repository.js';
import { conflict, notFound } from '../errors.js';
import { presentApiKey } from '../presenters/api-key.presenter.js';
import type { ServiceContext } from './context.js';
import { hashSecret } from './opaque-tokens.js';

/** Keys one user may hold; more is a sign of keys made per run instead of reused. */
export const MAX_API_KEYS_PER_USER = 50;

/** last_used_at is precise to this: a busy key writes its row once a minute, not per request. */
const LAST_USED_PRECISION_MS = 60_000;

/** Characters of the secret kept in clear (`rbk_` and 6 more) so a person can tell keys apart. */
const SHOWN_PREFIX_LENGTH = API_KEY_PREFIX.length + 6;

const DAY_MS = 86_400_000;

/** `rbk_` and 256 random bits, URL-safe: the key is typed into headers and shell variables. */
function createSecret(): string {
  return API_KEY_PREFIX + randomBytes(32).toString('base64url');
}

/** Keyed hash as stored: a leaked table holds nothing a request could replay. */
function hashKey(ctx: ServiceContext, key: string): string {
  return hashSecret(ctx.config.jwtSecret, `api-key:${key}`);
}

export function isApiKeyToken(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

export type CreateApiKeyInput = z.output<typeof createApiKeyRequestSchema>;

/** POST /api/keys: the secret is in this answer and nowhere else, ever. */
export async function createApiKey(
  ctx: ServiceContext,
  user: UserRow,
  input: CreateApiKeyInput,
): Promise<CreatedApiKeyResponse> {
  if ((await ctx.repos.apiKeys.countForUser(user.id)) >= MAX_API_KEYS_PER_USER) {
    throw conflict(
      'TOO_MANY_API_KEYS',
      `You have ${MAX_API_KEYS_PER_USER} API keys, the most an account may hold. Revoke one you no longer use first.`,
    );
  }
  const key = createSecret();
  const now = ctx.now();
  const row = await ctx.repos.apiKeys.insert({
    userId: user.id,
    name: input.name,
    scope: input.scope,
    keyHash: hashKey(ctx, key),
    prefix: key.slice(0, SHOWN_PREFIX_LENGTH),
    createdAt: now,
    expiresAt:
      input.expires_in_days === undefined
        ? null
        : new Date(now.getTime() + input.expires_in_days * DAY_MS),
  });
  return { ...presentApiKey(row), key };
}

export async function listApiKeys(ctx: ServiceContext, user: UserRow) {
  const rows = await ctx.repos.apiKeys.listForUser(user.id);
  return { keys: rows.map(presentApiKey) };
}

/** DELETE /api/keys/{id}: the row goes, so the key fails from its very next request. */
export async function revokeApiKey(ctx: ServiceContext, user: UserRow, id: string): Promise<void> {
  const isRemoved = /^[0-9a-f-]{36}$/i.test(id) && (await ctx.repos.apiKeys.remove(user.id, id));
  if (!isRemoved) throw notFound('API key not found.');
}

/** What a presented key turned out to be. */
export type ApiKeyCheck =
  | { status: 'valid'; user: UserRow; key: ApiKeyRow }
  | { status: 'unknown' }
  | { status: 'expired'; key: ApiKeyRow };

/** Looks a presented key up and records its use when it is live. */
export async function checkApiKey(ctx: ServiceContext, token: string): Promise<ApiKeyCheck> {
  if (!isApiKeyToken(token)) return { status: 'unknown' };
  const key = await ctx.repos.apiKeys.findByHash(hashKey(ctx, token));
  if (!key) return { status: 'unknown' };
  const now = ctx.now();
  if (key.expires_at && key.expires_at.getTime() <= now.getTime()) {
    return { status: 'expired', key };
  }
  const user = await ctx.repos.users.findById(key.user_id);
  if (!user) return { status: 'unknown' };
  await ctx.repos.apiKeys.touch(key.id, now, LAST_USED_PRECISION_MS);
  return { status: 'valid', user, key };
}

/** The key's scope covers `needed`: `jobs` includes everything `read` may do. */
export function scopeCovers(scope: string, needed: ApiKeyScope): boolean {
  return scope === 'jobs' || scope === needed;
}

/**
 * For callers outside the HTTP routes (the hosted MCP endpoint): the user and key behind an
 * `Authorization: Bearer rbk_...` header, or null when the header holds no live key. Scope
 * checks are the caller's (scopeCovers).
 */
export async function authenticateApiKey(
  ctx: ServiceContext,
  header: string | undefined,
): Promise<{ user: UserRow; key: ApiKeyRow } | null> {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  if (!match) return null;
  const check = await checkApiKey(ctx, match[1]!);
  return check.status === 'valid' ? { user: check.user, key: check.key } : null;
}
