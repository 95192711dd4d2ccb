import { createContext, useContext } from 'react';
import type { UserSettings } from '@repobundle/contract';
import type { User } from '../api/types.js';

export interface Session {
  /** False until the stored token (if any) has been checked. */
  ready: boolean;
  user: User | null;
  settings: UserSettings | null;
  login(email: string, password: string): Promise<void>;
  loginWithGoogle(credential: string): Promise<void>;
  /** Stores tokens from a response (e-mail verification) and loads the user. */
  acceptTokens(accessToken: string, refreshToken: string): Promise<void>;
  /** Clears tokens and user; a guarded page then goes to `to` (default /), not to /auth. */
  logout(to?: string): void;
  /** Where a guarded page sends the person right after an explicit sign-out; null otherwise. */
  signedOutTo: string | null;
  /** Re-reads the user; skipped while one is in flight or within 5 s unless forced. */
  refreshUser(force?: boolean): Promise<void>;
  markWelcomeSeen(): Promise<void>;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
