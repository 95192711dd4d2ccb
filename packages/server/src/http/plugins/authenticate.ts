import type { ApiKeyScope } from '@repobundle/contract';
import type { FastifyRequest } from 'fastify';
import type { ApiKeyRow } from '../../db/repositories/api-keys.repository.js';
import type { UserRow } from '../../db/repositories/users.repository.js';
import { forbidden, unauthorized } from '../../errors.js';
import { checkApiKey, isApiKeyToken, scopeCovers } from '../../services/api-keys.service.js';
import type { SessionClaims } from '../../services/access-tokens.js';
import type { ServiceContext } from '../../services/context.js';

declare module 'fastify' {
  interface FastifyRequest {
    currentUser: UserRow | null;
    /** Set instead of `currentUser` on routes that defer the user lookup (see the option). */
    sessionClaims: SessionClaims | null;
    /** The personal API key the request came with; null for a signed-in session. */
    apiKey: ApiKeyRow | null;
  }
}

export interface AuthenticateOptions {
  /**
   * Also accept a personal API key whose scope covers this. Unset: a session only (account, key
   * and payment calls), and a key is refused with a word on why.
   */
  apiKey?: ApiKeyScope;
  /**
   * For the hottest reads: a session token is verified but its user not read. The route reads
   * its data in one statement that also checks the session (`db/repositories/session-user.ts`)
   * and, when that finds nothing, calls `loadCurrentUser` for the precise answer. Each round
   * trip to the database costs an API process more CPU than the rest of such a request. API
   * keys are checked here as usual.
   */
  deferUserLookup?: boolean;
}

/**
 * onRequest hook for signed-in routes (before body parsing and validation, so a visitor gets 401
 * and nothing about the input): a valid bearer access token of an existing user, or where the
 * route allows it a live API key of sufficient scope.
 */
export function createAuthenticate(ctx: ServiceContext, options: AuthenticateOptions = {}) {
  return async function authenticate(request: FastifyRequest): Promise<void> {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw unauthorized('NOT_AUTHENTICATED', 'Not authenticated. Please sign in.');
    const token = match[1]!;
    if (isApiKeyToken(token)) return useApiKey(ctx, request, token, options.apiKey);
    const claims = await ctx.accessTokens.verify(token);
    if (options.deferUserLookup) request.sessionClaims = claims;
    else request.currentUser = await sessionUser(ctx, claims);
  };
}

/** The user of a verified session token, or the 401 that says why the session is over. */
async function sessionUser(ctx: ServiceContext, claims: SessionClaims): Promise<UserRow> {
  const user = await ctx.repos.users.findById(claims.userId);
  if (!user) throw unauthorized('INVALID_TOKEN', 'Invalid access token. Please sign in again.');
  if (user.sessions_valid_from && claims.issuedAtMs < user.sessions_valid_from.getTime()) {
    throw unauthorized('INVALID_TOKEN', 'Your password was changed. Please sign in again.');
  }
  return user;
}

/** The signed-in user on a route that deferred the lookup: read now, with the hook's checks. */
export async function loadCurrentUser(
  ctx: ServiceContext,
  request: FastifyRequest,
): Promise<UserRow> {
  if (!request.currentUser && request.sessionClaims) {
    request.currentUser = await sessionUser(ctx, request.sessionClaims);
  }
  return currentUser(request);
}

async function useApiKey(
  ctx: ServiceContext,
  request: FastifyRequest,
  token: string,
  needed: ApiKeyScope | undefined,
): Promise<void> {
  if (!needed) {
    // Checked before the key is looked up: the answer says nothing about the key itself.
    throw forbidden(
      'API_KEY_NOT_ALLOWED',
      'API keys cannot be used for this call: account, API key and payment calls need a signed-in session.',
    );
  }
  const check = await checkApiKey(ctx, token);
  if (check.status === 'unknown') {
    throw unauthorized(
      'INVALID_API_KEY',
      'This API key is not valid: it was revoked or never existed. Create a new one under Settings, API keys.',
    );
  }
  if (check.status === 'expired') {
    throw unauthorized(
      'INVALID_API_KEY',
      `This API key expired on ${check.key.expires_at?.toISOString() ?? 'an earlier date'}. Create a new one under Settings, API keys.`,
    );
  }
  request.currentUser = check.user;
  request.apiKey = check.key;
  await request.server.limitApiKey(request);
  if (!scopeCovers(check.key.scope, needed)) {
    throw forbidden(
      'INSUFFICIENT_SCOPE',
      `This API key has the ${check.key.scope} scope: this call needs a key with the ${needed} scope.`,
    );
  }
}

/** The user set by authenticate; a route that calls this without it is a programming error. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.currentUser) throw new Error('route is missing the authenticate hook');
  return request.currentUser;
}
