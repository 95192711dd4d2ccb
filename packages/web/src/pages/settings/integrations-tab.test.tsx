import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../api/types.js';
import { SessionContext, type Session } from '../../session/session-context.js';
import { IntegrationsTab } from './integrations-tab.js';

const noop = async () => undefined;

function sessionFor(user: User, refreshUser: () => Promise<void> = noop): Session {
  return {
    ready: true,
    user,
    signedOutTo: null,
    settings: null,
    login: noop,
    loginWithGoogle: noop,
    acceptTokens: noop,
    logout: () => undefined,
    refreshUser,
    markWelcomeSeen: noop,
  };
}

const starter = {
  email: 'ada@example.com',
  role: 'starter',
  subscription_plan: 'starter',
  github_connected: false,
  github_username: null,
} as unknown as User;

function Address() {
  const location = useLocation();
  return <p data-testid="address">{`${location.pathname}${location.search}`}</p>;
}

function renderAt(path: string, session: Session) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <SessionContext.Provider value={session}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route
              path="/settings"
              element={
                <>
                  <IntegrationsTab />
                  <Address />
                </>
              }
            />
          </Routes>
        </MemoryRouter>
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('GitHub connection', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    sessionStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('completes the redirect back with the stored state, once, and cleans the address', async () => {
    sessionStorage.setItem('repobundle.github_oauth_state', 'state-1');
    fetchMock.mockResolvedValue(json(200, { github_username: 'octo' }));
    const refreshUser = vi.fn(noop);
    renderAt('/settings?tab=integrations&code=abc&state=state-1', sessionFor(starter, refreshUser));
    await screen.findByText('GitHub connected as octo.');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toMatch(/\/auth\/github\/connect$/);
    expect(JSON.parse(String(init?.body))).toEqual({ code: 'abc', state: 'state-1' });
    expect(refreshUser).toHaveBeenCalledWith(true);
    expect(screen.getByTestId('address').textContent).toBe('/settings?tab=integrations');
  });

  it('refuses a state that differs from the stored one without calling the server', async () => {
    sessionStorage.setItem('repobundle.github_oauth_state', 'mine');
    renderAt('/settings?tab=integrations&code=abc&state=forged', sessionFor(starter));
    await screen.findByText('Invalid OAuth state. Possible CSRF attack.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows GitHub's refusal", async () => {
    renderAt(
      '/settings?tab=integrations&error=access_denied&error_description=The+user+said+no',
      sessionFor(starter),
    );
    await screen.findByText('GitHub authorization failed: The user said no');
  });

  it('stores the state and leaves for GitHub when connecting', async () => {
    fetchMock.mockResolvedValue(
      json(200, { authorization_url: 'https://github.example/authorize?state=s2', state: 's2' }),
    );
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderAt('/settings?tab=integrations', sessionFor(starter));
    fireEvent.click(screen.getByRole('button', { name: 'Connect GitHub' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://github.example/authorize?state=s2'),
    );
    expect(sessionStorage.getItem('repobundle.github_oauth_state')).toBe('s2');
  });

  it('names the disconnect failure by its kind', async () => {
    const connected = { ...starter, github_connected: true, github_username: 'octo' } as User;
    fetchMock.mockResolvedValue(
      json(400, { detail: 'Not connected.', code: 'GITHUB_NOT_CONNECTED' }),
    );
    renderAt('/settings?tab=integrations', sessionFor(connected));
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    await screen.findByText('Bad request: GitHub account may already be disconnected');
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    await screen.findByText('Network error: Unable to connect to server');
  });
});
