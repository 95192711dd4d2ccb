import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../api/api-error.js';
import {
  useConnectGithub,
  useDisconnectGithub,
  useGithubAuthorizeUrl,
} from '../../api/account-mutations.js';
import { useSession } from '../../session/session-context.js';

/** Where the state of an authorization in flight waits for GitHub's redirect back. */
const STATE_KEY = 'repobundle.github_oauth_state';
/** Status messages clear after 5 seconds. */
export const STATUS_CLEAR_MS = 5_000;

export interface GithubStatus {
  tone: 'success' | 'danger';
  text: string;
}

/** The disconnect failure for each kind of error. */
function disconnectFailure(error: unknown): string {
  if (!isApiError(error)) return 'Network error: Unable to connect to server';
  if (error.status === 401) return 'Authentication error: Please log in again';
  if (error.status === 400) return 'Bad request: GitHub account may already be disconnected';
  return 'Failed to disconnect GitHub account';
}

/**
 * The GitHub connection of the settings page: connect (authorize-url, then GitHub's redirect back
 * to /settings?tab=integrations with code and state, which this hook completes once) and
 * disconnect, with the spec's messages.
 */
export function useGithubConnection() {
  const { refreshUser } = useSession();
  const [params, setParams] = useSearchParams();
  const [busy, setBusy] = useState<'connect' | 'disconnect' | null>(null);
  const [status, setStatus] = useState<GithubStatus | null>(null);
  const handled = useRef(false);
  const { mutateAsync: connectGithub } = useConnectGithub();
  const { mutateAsync: authorizeUrl } = useGithubAuthorizeUrl();
  const { mutateAsync: disconnectGithub } = useDisconnectGithub();

  useEffect(() => {
    if (!status) return;
    const timer = window.setTimeout(() => setStatus(null), STATUS_CLEAR_MS);
    return () => window.clearTimeout(timer);
  }, [status]);

  // GitHub's redirect back: runs once, then takes code and state out of the address bar.
  useEffect(() => {
    const code = params.get('code');
    const state = params.get('state');
    const error = params.get('error');
    if (handled.current || (!code && !error)) return;
    handled.current = true;
    const expected = sessionStorage.getItem(STATE_KEY);
    sessionStorage.removeItem(STATE_KEY);
    setParams({ tab: 'integrations' }, { replace: true });
    if (error) {
      const reason = params.get('error_description') ?? error;
      setStatus({ tone: 'danger', text: `GitHub authorization failed: ${reason}` });
      return;
    }
    if (!state || state !== expected) {
      setStatus({ tone: 'danger', text: 'Invalid OAuth state. Possible CSRF attack.' });
      return;
    }
    setBusy('connect');
    connectGithub({ code: code ?? '', state })
      .then(async (result) => {
        await refreshUser(true);
        setStatus({ tone: 'success', text: `GitHub connected as ${result.github_username}.` });
      })
      .catch(() => setStatus({ tone: 'danger', text: 'Failed to connect GitHub account' }))
      .finally(() => setBusy(null));
  }, [params, setParams, refreshUser, connectGithub]);

  const connect = useCallback(async () => {
    setBusy('connect');
    setStatus(null);
    try {
      const { authorization_url, state } = await authorizeUrl();
      sessionStorage.setItem(STATE_KEY, state);
      window.location.assign(authorization_url);
    } catch {
      setStatus({ tone: 'danger', text: 'Failed to initiate GitHub connection' });
      setBusy(null);
    }
  }, [authorizeUrl]);

  const disconnect = useCallback(async () => {
    setBusy('disconnect');
    setStatus(null);
    try {
      await disconnectGithub();
      await refreshUser(true);
      setStatus({ tone: 'success', text: 'GitHub account disconnected successfully.' });
    } catch (error) {
      setStatus({ tone: 'danger', text: disconnectFailure(error) });
    } finally {
      setBusy(null);
    }
  }, [refreshUser, disconnectGithub]);

  return { busy, status, connect, disconnect };
}
