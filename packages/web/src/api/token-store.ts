// Tokens live in local storage under the spec's keys; `token` is a legacy key cleared on logout.
export const ACCESS_TOKEN_KEY = 'access_token';
export const REFRESH_TOKEN_KEY = 'refresh_token';
export const LEGACY_TOKEN_KEY = 'token';
export const PENDING_EMAIL_KEY = 'pending_verification_email';

export interface TokenStore {
  getAccessToken(): string | null;
  getRefreshToken(): string | null;
  setTokens(accessToken: string, refreshToken?: string | null): void;
  clear(): void;
}

export function createTokenStore(storage: Storage): TokenStore {
  return {
    getAccessToken: () => storage.getItem(ACCESS_TOKEN_KEY),
    getRefreshToken: () => storage.getItem(REFRESH_TOKEN_KEY),
    setTokens(accessToken, refreshToken) {
      if (refreshToken && refreshToken === accessToken) {
        console.warn('Access and refresh tokens are identical; the server response looks wrong.');
      }
      storage.setItem(ACCESS_TOKEN_KEY, accessToken);
      if (refreshToken) storage.setItem(REFRESH_TOKEN_KEY, refreshToken);
    },
    clear() {
      storage.removeItem(ACCESS_TOKEN_KEY);
      storage.removeItem(REFRESH_TOKEN_KEY);
      storage.removeItem(LEGACY_TOKEN_KEY);
    },
  };
}

export function getPendingEmail(): string | null {
  return localStorage.getItem(PENDING_EMAIL_KEY);
}

export function setPendingEmail(email: string): void {
  localStorage.setItem(PENDING_EMAIL_KEY, email);
}

export function clearPendingEmail(): void {
  localStorage.removeItem(PENDING_EMAIL_KEY);
}
