import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../../db/repositories/users.repository.js';
import { unauthorized } from '../../errors.js';
import type { ServiceContext } from '../../services/context.js';

declare module 'fastify' {
  interface FastifyRequest {
    currentUser: UserRow | null;
  }
}

/** onRequest hook for signed-in routes (before body parsing and validation, so a visitor gets 401 and nothing about the input): a valid bearer access token of an existing user. */
export function createAuthenticate(ctx: ServiceContext) {
  return async function authenticate(request: FastifyRequest): Promise<void> {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw unauthorized('NOT_AUTHENTICATED', 'Not authenticated. Please sign in.');
    const { userId, issuedAtMs } = await ctx.accessTokens.verify(match[1]!);
    const user = await ctx.repos.users.findById(userId);
    if (!user) throw unauthorized('INVALID_TOKEN', 'Invalid access token. Please sign in again.');
    if (user.sessions_valid_from && issuedAtMs < user.sessions_valid_from.getTime()) {
      throw unauthorized('INVALID_TOKEN', 'Your password was changed. Please sign in again.');
    }
    request.currentUser = user;
  };
}

/** The user set by authenticate; a route that calls this without it is a programming error. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.currentUser) throw new Error('route is missing the authenticate hook');
  return request.currentUser;
}
