import { ApiClient } from './api-client.js';
import { createTokenStore } from './token-store.js';

type AuthExpiredListener = (message: string) => void;
const listeners = new Set<AuthExpiredListener>();

/** The session layer subscribes here to sign out and send the person to /auth. */
export function onAuthExpired(listener: AuthExpiredListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const tokens = createTokenStore(window.localStorage);

export const api = new ApiClient({
  tokens,
  onAuthExpired: (message) => listeners.forEach((listener) => listener(message)),
});
