import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { User } from '../api/types.js';
import { SessionContext, type Session } from '../session/session-context.js';
import { RequireAuth } from './require-auth.js';

const noop = async () => undefined;

function session(ready: boolean, user: User | null, signedOutTo: string | null = null): Session {
  return {
    ready,
    user,
    signedOutTo,
    settings: null,
    login: noop,
    loginWithGoogle: noop,
    acceptTokens: noop,
    logout: () => undefined,
    refreshUser: noop,
    markWelcomeSeen: noop,
  };
}

function AuthProbe() {
  const location = useLocation();
  const from = (location.state as { from?: { pathname: string; search: string } } | null)?.from;
  return <p>auth page, from {from ? `${from.pathname}${from.search}` : 'nowhere'}</p>;
}

function renderAt(value: Session, path = '/settings?tab=billing') {
  return render(
    <SessionContext.Provider value={value}>
      <MemoryRouter initialEntries={['/', path]} initialIndex={1}>
        <Routes>
          <Route path="/auth" element={<AuthProbe />} />
          <Route path="/" element={<p>home page</p>} />
          <Route element={<RequireAuth />}>
            <Route path="/settings" element={<p>settings page</p>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </SessionContext.Provider>,
  );
}

const user = { email: 'ada@example.com', role: 'free', welcome_modal_seen: true } as User;

describe('route guard', () => {
  it('shows a spinner with Loading... until the session is ready', () => {
    renderAt(session(false, null));
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(screen.queryByText('settings page')).toBeNull();
  });

  it('redirects a signed-out visitor to /auth, remembering where they were going', () => {
    renderAt(session(true, null));
    expect(screen.getByText('auth page, from /settings?tab=billing')).toBeTruthy();
  });

  it('shows the page to a signed-in user', () => {
    renderAt(session(true, user));
    expect(screen.getByText('settings page')).toBeTruthy();
  });

  it('sends the person home, not to /auth, right after they sign out on a guarded page', () => {
    renderAt(session(true, null, '/'));
    expect(screen.getByText('home page')).toBeTruthy();
  });
});
