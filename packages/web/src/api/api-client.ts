import {
  AUTH_EXPIRED_MESSAGE,
  ApiError,
  NO_REFRESH_TOKEN_MESSAGE,
  errorFromResponse,
} from './api-error.js';
import type { TokenStore } from './token-store.js';

export interface ApiClientOptions {
  tokens: TokenStore;
  fetch?: typeof fetch;
  baseUrl?: string;
  /** Called once when a refresh fails: the app signs out and goes to /auth with the message. */
  onAuthExpired?: (message: string) => void;
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  /** Skip the bearer token and the refresh rule (login, register, refresh itself). */
  anonymous?: boolean;
  signal?: AbortSignal;
}

interface RefreshResponse {
  access_token: string;
  refresh_token?: string;
}

/**
 * Typed JSON client with the spec's session rules: a bearer token when one exists; on a 401
 * TOKEN_EXPIRED one refresh shared by every request that hit it at the same time, then each of
 * them is retried once; when the refresh fails the tokens are cleared and `onAuthExpired` runs.
 */
export class ApiClient {
  private readonly tokens: TokenStore;
  private readonly fetchImpl: typeof fetch;
  private readonly baseUrl: string;
  private readonly onAuthExpired: (message: string) => void;
  private refreshInFlight: Promise<string> | null = null;

  constructor(options: ApiClientOptions) {
    this.tokens = options.tokens;
    this.fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.baseUrl = options.baseUrl ?? '';
    this.onAuthExpired = options.onAuthExpired ?? (() => undefined);
  }

  get<T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}): Promise<T> {
    return this.request<T>(path, { ...options, method: 'GET' });
  }

  post<T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) {
    return this.request<T>(path, { ...options, method: 'POST', body });
  }

  put<T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) {
    return this.request<T>(path, { ...options, method: 'PUT', body });
  }

  delete<T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}): Promise<T> {
    return this.request<T>(path, { ...options, method: 'DELETE' });
  }

  async request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const token = options.anonymous ? null : this.tokens.getAccessToken();
    const response = await this.send(path, options, token);
    if (response.status === 401 && token && !options.anonymous) {
      const body = await readBody(response);
      const error = errorFromResponse(401, body);
      if (error.code !== 'TOKEN_EXPIRED') throw error;
      // A request sent before another one's refresh finished can retry with the new token as is.
      const current = this.tokens.getAccessToken();
      const fresh = current && current !== token ? current : await this.refreshShared();
      const retried = await this.send(path, options, fresh);
      return this.parse<T>(retried);
    }
    return this.parse<T>(response);
  }

  /** One refresh at a time: concurrent callers wait for the same outcome. */
  refreshShared(): Promise<string> {
    if (!this.refreshInFlight) {
      this.refreshInFlight = this.refresh().finally(() => {
        this.refreshInFlight = null;
      });
    }
    return this.refreshInFlight;
  }

  private async refresh(): Promise<string> {
    const refreshToken = this.tokens.getRefreshToken();
    try {
      if (!refreshToken) throw new Error(NO_REFRESH_TOKEN_MESSAGE);
      const response = await this.send(
        '/auth/refresh',
        { method: 'POST', body: { refresh_token: refreshToken } },
        null,
      );
      const data = await this.parse<RefreshResponse>(response);
      if (!data.access_token) throw new Error(NO_REFRESH_TOKEN_MESSAGE);
      this.tokens.setTokens(data.access_token, data.refresh_token ?? refreshToken);
      return data.access_token;
    } catch {
      this.tokens.clear();
      this.onAuthExpired(AUTH_EXPIRED_MESSAGE);
      throw new ApiError(AUTH_EXPIRED_MESSAGE, 401, 'TOKEN_EXPIRED', null);
    }
  }

  private send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (token) headers['Authorization'] = `Bearer ${token}`;
    let body: BodyInit | undefined;
    if (options.body instanceof FormData) {
      body = options.body;
    } else if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    return this.fetchImpl(this.baseUrl + withQuery(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
    });
  }

  private async parse<T>(response: Response): Promise<T> {
    const body = await readBody(response);
    if (!response.ok) throw errorFromResponse(response.status, body);
    return body as T;
  }
}

function withQuery(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
