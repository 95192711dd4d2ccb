import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from './session-context.js';
import { SessionProvider } from './session-provider.js';

const me = {
  email: 'ada@example.com',
  role: 'free',
  welcome_modal_seen: true,
  settings: { auto_delete_after: 'never', default_credit_type: 'monthly' },
};

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function Probe() {
  const { ready, user } = useSession();
  return <p>{!ready ? 'checking' : user ? `signed in as ${user.email}` : 'signed out'}</p>;
}

function AuthScreen() {
  const state = useLocation().state as { message?: string } | null;
  return <p>auth: {state?.message}</p>;
}

function renderApp() {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/home']}>
        <SessionProvider>
          <Routes>
            <Route path="/home" element={<Probe />} />
            <Route path="/auth" element={<AuthScreen />} />
          </Routes>
        </SessionProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('session start-up', () => {
  it('is ready as signed out without calling the server when no token is stored', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderApp();
    await screen.findByText('signed out');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('loads the current user when an access token is stored', async () => {
    localStorage.setItem('access_token', 'a1');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, me)),
    );
    renderApp();
    await screen.findByText('signed in as ada@example.com');
  });

  it('clears the tokens when the user cannot be fetched', async () => {
    localStorage.setItem('access_token', 'a1');
    localStorage.setItem('refresh_token', 'r1');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(401, { detail: 'Invalid token', code: 'INVALID_TOKEN' })),
    );
    renderApp();
    await screen.findByText('signed out');
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
  });

  it('keeps the tokens when the request got no answer (offline, or a page reload aborting it)', async () => {
    localStorage.setItem('access_token', 'a1');
    localStorage.setItem('refresh_token', 'r1');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new DOMException('The operation was aborted.', 'AbortError');
      }),
    );
    renderApp();
    await screen.findByText('signed out');
    expect(localStorage.getItem('access_token')).toBe('a1');
    expect(localStorage.getItem('refresh_token')).toBe('r1');
  });

  it('goes to /auth with the expiry message when the refresh fails', async () => {
    localStorage.setItem('access_token', 'a1');
    localStorage.setItem('refresh_token', 'r1');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input) === '/auth/refresh'
          ? json(401, { detail: 'Refresh token reused', code: 'REFRESH_TOKEN_REUSED' })
          : json(401, { detail: 'Token expired', code: 'TOKEN_EXPIRED' }),
      ),
    );
    renderApp();
    await screen.findByText('auth: Authentication expired. Please log in again.');
    await waitFor(() => expect(localStorage.getItem('access_token')).toBeNull());
  });
});
