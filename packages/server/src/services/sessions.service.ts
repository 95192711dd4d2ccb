import { randomUUID } from 'node:crypto';
import type { TokenResponse } from '@repobundle/contract';
import { unauthorized } from '../errors.js';
import type { Repositories } from '../db/repositories/index.js';
import { inTransaction } from '../db/repositories/index.js';
import type { ServiceContext } from './context.js';
import { createOpaqueToken, hashSecret } from './opaque-tokens.js';

/** Starts a session (or continues a family on rotation): a new access and refresh token. */
export async function issueSession(
  ctx: ServiceContext,
  repos: Repositories,
  userId: string,
  familyId: string = randomUUID(),
): Promise<TokenResponse> {
  const refreshToken = createOpaqueToken();
  const expiresAt = new Date(ctx.now().getTime() + ctx.config.refreshTokenTtlDays * 86_400_000);
  await repos.refreshTokens.insert({
    familyId,
    userId,
    tokenHash: hashSecret(ctx.config.jwtSecret, refreshToken),
    expiresAt,
  });
  return {
    access_token: await ctx.accessTokens.sign(userId),
    refresh_token: refreshToken,
    token_type: 'bearer',
    expires_in: ctx.config.accessTokenTtlSeconds,
  };
}

/**
 * Rotation: the token is claimed atomically and replaced by one of the same family.
 * A token that was already rotated is being replayed: its whole family is revoked.
 */
export async function refreshSession(ctx: ServiceContext, refreshToken: string) {
  const tokenHash = hashSecret(ctx.config.jwtSecret, refreshToken);
  const now = ctx.now();
  const claimed = await inTransaction(ctx.db, async (repos) => {
    const row = await repos.refreshTokens.claim(tokenHash, now);
    if (!row) return null;
    return issueSession(ctx, repos, row.user_id, row.family_id);
  });
  if (claimed) return claimed;

  const known = await ctx.repos.refreshTokens.findByHash(tokenHash);
  if (known?.rotated_at && !known.revoked_at) {
    await ctx.repos.refreshTokens.revokeFamily(known.family_id, now);
    ctx.logger.warn({ userId: known.user_id }, 'refresh token reused: session family revoked');
    throw unauthorized(
      'REFRESH_TOKEN_REUSED',
      'This session is no longer valid. Please sign in again.',
    );
  }
  throw unauthorized(
    'INVALID_REFRESH_TOKEN',
    'Invalid or expired refresh token. Please sign in again.',
  );
}
