import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { authApi } from './auth-api.js';

// Hooks of the session layer: who is signed in, signing in, and the welcome tour's flag. The
// session keeps the user in its own state, since it alone decides when a failure ends the
// session; these hooks only reach the server.

export const sessionKeys = { me: ['me'] as const };

/** Reads the signed-in user afresh on every call: the answer follows the tokens just stored. */
export function useFetchMe() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      queryClient.fetchQuery({
        queryKey: sessionKeys.me,
        queryFn: authApi.me,
        staleTime: 0,
        // The session holds the user; nothing else should read a stale copy from the cache.
        gcTime: 0,
        retry: false,
      }),
    [queryClient],
  );
}

export function useSignIn() {
  return useMutation({
    mutationFn: ({ email, password }: { email: string; password: string }) =>
      authApi.login(email, password),
  });
}

export function useGoogleSignIn() {
  return useMutation({ mutationFn: (credential: string) => authApi.google(credential) });
}

export function useMarkWelcomeSeen() {
  return useMutation({ mutationFn: () => authApi.markWelcomeSeen() });
}
