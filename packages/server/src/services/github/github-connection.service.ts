import type { GithubAuthorizeUrlResponse, GithubConnectResponse } from '@repobundle/contract';
import type { UserRow } from '../../db/repositories/users.repository.js';
import { AppError, badRequest, forbidden } from '../../errors.js';
import type { ServiceContext } from '../context.js';
import { minutes } from '../context.js';
import { createOpaqueToken, hashSecret } from '../opaque-tokens.js';
import {
  exchangeCode,
  fetchLogin,
  revokeToken,
  type GithubEndpoints,
} from '../../adapters/github/github-oauth-client.js';
import { createTokenCipher } from '../../adapters/github/token-cipher.js';

const STATE_TTL_MS = minutes(10);
/** What the spec's settings card says is requested. */
const SCOPES = 'repo user:email';
const PAID_PLANS = ['starter', 'pro', 'enterprise'];

/** OAuth app settings, or the 503 that says the operator has not set them. */
function githubEndpoints(ctx: ServiceContext): GithubEndpoints {
  const { clientId, clientSecret, oauthUrl, apiUrl } = ctx.config.github;
  if (!clientId || !clientSecret) {
    throw new AppError(
      503,
      'GITHUB_NOT_CONFIGURED',
      'GitHub is not set up on this server: the operator has to set GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET.',
    );
  }
  return {
    clientId,
    clientSecret,
    oauthUrl: oauthUrl.replace(/\/+$/, ''),
    apiUrl: apiUrl.replace(/\/+$/, ''),
  };
}

/** Repository features are for Starter and above. */
function requireRepositoryPlan(user: UserRow): void {
  if (!PAID_PLANS.includes(user.plan_id.toLowerCase())) {
    throw forbidden(
      'UPGRADE_REQUIRED',
      'GitHub repository processing is available for Starter, Pro and Enterprise users. Please upgrade your plan.',
    );
  }
}

const stateHash = (ctx: ServiceContext, state: string) =>
  hashSecret(ctx.config.jwtSecret, `github-oauth-state:${state}`);

/** GET /auth/github/authorize-url: GitHub's authorization page with a fresh state. */
export async function createAuthorizeUrl(
  ctx: ServiceContext,
  user: UserRow,
): Promise<GithubAuthorizeUrlResponse> {
  const github = githubEndpoints(ctx);
  requireRepositoryPlan(user);
  const state = createOpaqueToken();
  const now = ctx.now();
  await ctx.repos.githubOauthStates.insert(
    user.id,
    stateHash(ctx, state),
    now,
    new Date(now.getTime() + STATE_TTL_MS),
  );
  const url = new URL(`${github.oauthUrl}/authorize`);
  url.searchParams.set('client_id', github.clientId);
  url.searchParams.set('redirect_uri', `${ctx.config.appUrl}/settings?tab=integrations`);
  url.searchParams.set('scope', SCOPES);
  url.searchParams.set('state', state);
  return { authorization_url: url.toString(), state };
}

/**
 * POST /auth/github/connect: the state must be one this user was given, unused and at most
 * 10 minutes old (it is used up either way); then the code is exchanged and the account's
 * login read. The token is stored encrypted, never returned.
 */
export async function connectGithub(
  ctx: ServiceContext,
  user: UserRow,
  code: string,
  state: string,
): Promise<GithubConnectResponse> {
  const github = githubEndpoints(ctx);
  requireRepositoryPlan(user);
  const stored = await ctx.repos.githubOauthStates.consume(user.id, stateHash(ctx, state));
  if (!stored) {
    throw badRequest(
      'INVALID_OAUTH_STATE',
      'Invalid OAuth state. Possible CSRF attack. Please start connecting GitHub again.',
    );
  }
  if (stored.expiresAt.getTime() <= ctx.now().getTime()) {
    throw badRequest(
      'INVALID_OAUTH_STATE',
      'The GitHub authorization took longer than 10 minutes. Please start connecting GitHub again.',
    );
  }
  const token = await exchangeCode(github, code);
  const login = await fetchLogin(github, token);
  const cipher = createTokenCipher(ctx.config.jwtSecret);
  await ctx.repos.githubAccounts.connect(user.id, login, cipher.encrypt(token, user.id));
  return { github_username: login };
}

/** POST /auth/github/disconnect: forgets the token here and asks GitHub to revoke it. */
export async function disconnectGithub(
  ctx: ServiceContext,
  user: UserRow,
): Promise<{ message: string }> {
  const encrypted = user.github_token_encrypted;
  const removed = await ctx.repos.githubAccounts.disconnect(user.id);
  if (!removed || !encrypted) {
    throw badRequest('GITHUB_NOT_CONNECTED', 'No GitHub account is connected.');
  }
  const token = createTokenCipher(ctx.config.jwtSecret).decrypt(encrypted, user.id);
  const { clientId, clientSecret } = ctx.config.github;
  if (token && clientId && clientSecret) {
    const revoked = await revokeToken(githubEndpoints(ctx), token);
    if (!revoked) ctx.logger.warn('GitHub token not revoked at GitHub; it was removed here');
  }
  return { message: 'GitHub account disconnected successfully.' };
}

/**
 * The token repository features run with: Starter or above and a connected account whose token
 * this server can still read (a rotated JWT_SECRET means connecting again).
 */
export function repositoryToken(ctx: ServiceContext, user: UserRow): string {
  requireRepositoryPlan(user);
  const token = user.github_token_encrypted
    ? createTokenCipher(ctx.config.jwtSecret).decrypt(user.github_token_encrypted, user.id)
    : null;
  if (!token) {
    throw forbidden(
      'GITHUB_NOT_CONNECTED',
      user.github_token_encrypted
        ? 'Your GitHub connection has expired. Please connect your GitHub account again in Settings > Integrations.'
        : 'Connect GitHub Account Required: connect your GitHub account in Settings > Integrations to import repositories.',
    );
  }
  return token;
}
