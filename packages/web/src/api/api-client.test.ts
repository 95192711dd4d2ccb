import { describe, expect, it, vi } from 'vitest';
import { ApiClient } from './api-client.js';
import { AUTH_EXPIRED_MESSAGE } from './api-error.js';
import { createTokenStore } from './token-store.js';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** A fake server: /auth/refresh answers after a tick; other paths accept only the fresh token. */
function setup(refreshOutcome: 'ok' | 'fail', storedRefresh: string | null = 'refresh-1') {
  localStorage.setItem('access_token', 'stale');
  if (storedRefresh) localStorage.setItem('refresh_token', storedRefresh);
  localStorage.setItem('token', 'legacy');
  const calls: Array<{ path: string; auth: string | null; body: unknown }> = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    const auth = new Headers(init?.headers).get('Authorization');
    calls.push({ path, auth, body: init?.body ? JSON.parse(String(init.body)) : null });
    if (path === '/auth/refresh') {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return refreshOutcome === 'ok'
        ? json(200, { access_token: 'fresh', refresh_token: 'refresh-2' })
        : json(401, { detail: 'Refresh token revoked', code: 'INVALID_REFRESH' });
    }
    if (auth === 'Bearer fresh') return json(200, { path });
    return json(401, { detail: 'Token expired', code: 'TOKEN_EXPIRED' });
  });
  const onAuthExpired = vi.fn();
  const client = new ApiClient({
    tokens: createTokenStore(localStorage),
    fetch: fetchImpl,
    onAuthExpired,
  });
  return { client, calls, onAuthExpired };
}

describe('ApiClient session rules', () => {
  it('shares one refresh between concurrent TOKEN_EXPIRED answers and retries each once', async () => {
    const { client, calls, onAuthExpired } = setup('ok');
    const results = await Promise.all([
      client.get('/api/a'),
      client.get('/api/b'),
      client.get('/api/c'),
    ]);
    expect(results).toEqual([{ path: '/api/a' }, { path: '/api/b' }, { path: '/api/c' }]);
    const refreshes = calls.filter((call) => call.path === '/auth/refresh');
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]!.body).toEqual({ refresh_token: 'refresh-1' });
    expect(calls.filter((call) => call.path === '/api/a').map((call) => call.auth)).toEqual([
      'Bearer stale',
      'Bearer fresh',
    ]);
    expect(localStorage.getItem('access_token')).toBe('fresh');
    expect(localStorage.getItem('refresh_token')).toBe('refresh-2');
    expect(onAuthExpired).not.toHaveBeenCalled();
  });

  it('clears every token and reports once when the shared refresh fails', async () => {
    const { client, calls, onAuthExpired } = setup('fail');
    const outcomes = await Promise.allSettled([client.get('/api/a'), client.get('/api/b')]);
    for (const outcome of outcomes) {
      expect(outcome.status).toBe('rejected');
      expect((outcome as PromiseRejectedResult).reason.message).toBe(AUTH_EXPIRED_MESSAGE);
    }
    expect(calls.filter((call) => call.path === '/auth/refresh')).toHaveLength(1);
    expect(onAuthExpired).toHaveBeenCalledTimes(1);
    expect(onAuthExpired).toHaveBeenCalledWith(AUTH_EXPIRED_MESSAGE);
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('fails the refresh without calling the server when no refresh token is stored', async () => {
    const { client, calls, onAuthExpired } = setup('ok', null);
    await expect(client.get('/api/a')).rejects.toThrow(AUTH_EXPIRED_MESSAGE);
    expect(calls.some((call) => call.path === '/auth/refresh')).toBe(false);
    expect(onAuthExpired).toHaveBeenCalledTimes(1);
  });

  it('does not refresh on a 401 with another code, and shows the detail', async () => {
    localStorage.setItem('access_token', 'stale');
    const fetchImpl = vi.fn(async () =>
      json(401, { detail: 'Invalid credentials', code: 'INVALID_CREDENTIALS' }),
    );
    const client = new ApiClient({ tokens: createTokenStore(localStorage), fetch: fetchImpl });
    await expect(client.get('/api/x')).rejects.toThrow('Invalid credentials');
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('falls back to "HTTP error! status: {code}" when the body has no detail', async () => {
    const fetchImpl = vi.fn(async () => new Response('', { status: 502 }));
    const client = new ApiClient({ tokens: createTokenStore(localStorage), fetch: fetchImpl });
    await expect(client.get('/api/x')).rejects.toThrow('HTTP error! status: 502');
  });

  it('sends no bearer token when none is stored', async () => {
    const fetchImpl = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
      json(200, {}),
    );
    const client = new ApiClient({ tokens: createTokenStore(localStorage), fetch: fetchImpl });
    await client.get('/api/waitlist/count');
    expect(new Headers(fetchImpl.mock.calls[0]![1]?.headers).get('Authorization')).toBeNull();
  });
});
