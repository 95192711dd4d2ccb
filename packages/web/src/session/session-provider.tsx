import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isApiError } from '../api/api-error.js';
import { onAuthExpired, tokens } from '../api/client.js';
import {
  useFetchMe,
  useGoogleSignIn,
  useMarkWelcomeSeen,
  useSignIn,
} from '../api/session-hooks.js';
import type { UserResponse, UserSettings } from '@repobundle/contract';
import type { User } from '../api/types.js';
import { isGuardedPath } from '../lib/guarded-paths.js';
import { throttleRefresh } from '../lib/throttle-refresh.js';
import { SessionContext, type Session } from './session-context.js';

const DEFAULT_SETTINGS: UserSettings = {
  auto_delete_after: 'never',
  default_credit_type: 'monthly',
};

function splitMe(me: UserResponse): { user: User; settings: UserSettings } {
  const { settings, ...user } = me;
  return {
    user,
    settings: {
      auto_delete_after: settings?.auto_delete_after ?? DEFAULT_SETTINGS.auto_delete_after,
      default_credit_type:
        settings?.default_credit_type ??
        me.default_credit_type ??
        DEFAULT_SETTINGS.default_credit_type,
    },
  };
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [ready, setReady] = useState(false);
  const [user, setUser] = useState<User | null>(null);
  const [settings, setSettings] = useState<UserSettings | null>(null);
  const [signedOutTo, setSignedOutTo] = useState<string | null>(null);
  const { pathname } = useLocation();
  const fetchMe = useFetchMe();
  const { mutateAsync: signIn } = useSignIn();
  const { mutateAsync: googleSignIn } = useGoogleSignIn();
  const { mutateAsync: markSeen } = useMarkWelcomeSeen();

  // Once the person has left the guarded page, a later visit to one goes to /auth again.
  useEffect(() => {
    if (signedOutTo && !isGuardedPath(pathname)) setSignedOutTo(null);
  }, [signedOutTo, pathname]);

  const loadUser = useCallback(async () => {
    try {
      const { user: next, settings: nextSettings } = splitMe(await fetchMe());
      setUser(next);
      setSettings(nextSettings);
    } catch (error) {
      // The server refusing the session ends it. A request that never
      // got an answer (offline, or aborted because the page is reloading) does not: clearing
      // the tokens then would sign the person out at random.
      if (isApiError(error) && error.status < 500) tokens.clear();
      setUser(null);
      setSettings(null);
      throw error;
    }
  }, [fetchMe]);

  const throttled = useRef(throttleRefresh(() => loadUser().catch(() => undefined)));

  useEffect(() => {
    if (!tokens.getAccessToken()) {
      setReady(true);
      return;
    }
    loadUser()
      .catch(() => undefined)
      .finally(() => setReady(true));
  }, [loadUser]);

  useEffect(
    () =>
      onAuthExpired((message) => {
        setUser(null);
        setSettings(null);
        queryClient.clear();
        void navigate('/auth', { replace: true, state: { message } });
      }),
    [navigate, queryClient],
  );

  const acceptTokens = useCallback(
    async (accessToken: string, refreshToken: string) => {
      tokens.setTokens(accessToken, refreshToken);
      await loadUser();
      setSignedOutTo(null);
    },
    [loadUser],
  );

  const session = useMemo<Session>(
    () => ({
      ready,
      user,
      settings,
      login: async (email, password) => {
        const pair = await signIn({ email, password });
        await acceptTokens(pair.access_token, pair.refresh_token);
      },
      loginWithGoogle: async (credential) => {
        const pair = await googleSignIn(credential);
        await acceptTokens(pair.access_token, pair.refresh_token);
      },
      acceptTokens,
      logout: (to = '/') => {
        tokens.clear();
        setSignedOutTo(to);
        setUser(null);
        setSettings(null);
        queryClient.clear();
      },
      signedOutTo,
      refreshUser: (force) => throttled.current(force),
      markWelcomeSeen: async () => {
        setUser((current) => (current ? { ...current, welcome_modal_seen: true } : current));
        await markSeen().catch((error: unknown) => {
          console.error('Could not record that the welcome tour was seen', error);
        });
      },
    }),
    [ready, user, settings, signedOutTo, acceptTokens, queryClient, signIn, googleSignIn, markSeen],
  );

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
