import { AppError } from '../../errors.js';

// GitHub's OAuth web flow and REST API on the wire, as documented by GitHub: the code exchange
// answers 200 even for a refused code, with {error, error_description}; API calls need a
// User-Agent. Every failure becomes a 400 (GitHub refused) or a 502 (GitHub unreachable or
// answering nonsense), never a 500.

const TIMEOUT_MS = 10_000;
/** The facts only decorate the preview: they never hold it up for long. */
const FACTS_TIMEOUT_MS = 3_000;
const USER_AGENT = 'RepoBundle';

export interface GithubEndpoints {
  oauthUrl: string;
  apiUrl: string;
  clientId: string;
  clientSecret: string;
}

const unavailable = (what: string) =>
  new AppError(
    502,
    'GITHUB_UNAVAILABLE',
    `GitHub could not be reached (${what}). Please try again in a moment.`,
  );

const refused = (reason: string) =>
  new AppError(400, 'GITHUB_AUTH_FAILED', `GitHub authorization failed: ${reason}`);

async function call(
  url: string,
  init: RequestInit,
  what: string,
  timeoutMs = TIMEOUT_MS,
): Promise<Response> {
  try {
    return await fetch(url, {
      ...init,
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
      headers: { 'user-agent': USER_AGENT, ...init.headers },
    });
  } catch {
    throw unavailable(what);
  }
}

async function jsonOf(response: Response, what: string): Promise<Record<string, unknown>> {
  const body: unknown = await response.json().catch(() => null);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw unavailable(what);
  return body as Record<string, unknown>;
}

/** POST {oauth}/access_token: the code GitHub sent back, for an access token. */
export async function exchangeCode(github: GithubEndpoints, code: string): Promise<string> {
  const what = 'token exchange';
  const response = await call(
    `${github.oauthUrl}/access_token`,
    {
      method: 'POST',
      headers: {
        accept: 'application/json',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        client_id: github.clientId,
        client_secret: github.clientSecret,
        code,
      }).toString(),
    },
    what,
  );
  if (!response.ok) throw unavailable(`${what}: HTTP ${response.status}`);
  const body = await jsonOf(response, what);
  if (typeof body.error === 'string') {
    const description =
      typeof body.error_description === 'string' ? body.error_description : body.error;
    throw refused(description);
  }
  if (typeof body.access_token !== 'string' || body.access_token.length === 0) {
    throw unavailable(`${what}: no access token in the answer`);
  }
  return body.access_token;
}

/** GET {api}/user: the login of the token's account. */
export async function fetchLogin(github: Pick<GithubEndpoints, 'apiUrl'>, token: string) {
  const what = 'user lookup';
  const response = await call(
    `${github.apiUrl}/user`,
    {
      headers: {
        accept: 'application/vnd.github+json',
        authorization: `Bearer ${token}`,
        'x-github-api-version': '2022-11-28',
      },
    },
    what,
  );
  if (response.status === 401 || response.status === 403) {
    throw refused('GitHub did not accept the new token. Please try connecting again.');
  }
  if (!response.ok) throw unavailable(`${what}: HTTP ${response.status}`);
  const body = await jsonOf(response, what);
  if (typeof body.login !== 'string' || body.login.length === 0) {
    throw unavailable(`${what}: no login in the answer`);
  }
  return body.login;
}

/** DELETE {api}/applications/{client_id}/token: GitHub forgets the token (best effort). */
export async function revokeToken(github: GithubEndpoints, token: string): Promise<boolean> {
  const basic = Buffer.from(`${github.clientId}:${github.clientSecret}`).toString('base64');
  const response = await call(
    `${github.apiUrl}/applications/${encodeURIComponent(github.clientId)}/token`,
    {
      method: 'DELETE',
      headers: {
        accept: 'application/vnd.github+json',
        authorization: `Basic ${basic}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ access_token: token }),
    },
    'token revocation',
  ).catch(() => null);
  return response !== null && (response.ok || response.status === 404);
}

/** GET {api}/repos/{owner}/{repo}: description and main language, or nulls (best effort). */
export async function fetchRepositoryFacts(
  apiUrl: string,
  owner: string,
  repo: string,
  token: string | null,
): Promise<{ description: string | null; language: string | null }> {
  const none = { description: null, language: null };
  const response = await call(
    `${apiUrl}/repos/${owner}/${repo}`,
    {
      headers: {
        accept: 'application/vnd.github+json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    },
    'repository lookup',
    FACTS_TIMEOUT_MS,
  ).catch(() => null);
  if (!response?.ok) return none;
  const body = await jsonOf(response, 'repository lookup').catch(() => null);
  if (!body) return none;
  return {
    description: typeof body.description === 'string' ? body.description : null,
    language: typeof body.language === 'string' ? body.language : null,
  };
}
