import type { Repositories } from '../db/repositories/index.js';
import { minutes, type ServiceContext } from './context.js';
import { createOpaqueToken, hashSecret } from './opaque-tokens.js';

export const RESET_TTL_MS = minutes(60);

/**
 * A new password reset token for the user (the links sent before it stop working). Only its
 * keyed hash is stored; the caller hands the token to whoever proved the mailbox.
 */
export async function issueResetToken(
  ctx: ServiceContext,
  repos: Repositories,
  userId: string,
): Promise<string> {
  const token = createOpaqueToken();
  const now = ctx.now();
  await repos.passwordResets.invalidateAll(userId, now);
  await repos.passwordResets.insert(
    userId,
    hashSecret(ctx.config.jwtSecret, token),
    new Date(now.getTime() + RESET_TTL_MS),
  );
  return token;
}
