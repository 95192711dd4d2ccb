import { useMutation } from '@tanstack/react-query';
import { authApi } from './auth-api.js';
import type { UserSettings } from '@repobundle/contract';

// Mutation hooks of the account forms (sign-up, password, e-mail, settings). The forms read busy state
// from these; what a success or failure says stays with each form, whose messages differ.

export function useRegister() {
  return useMutation({
    mutationFn: ({ email, password }: { email: string; password: string }) =>
      authApi.register(email, password),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: ({ current, next }: { current: string; next: string }) =>
      authApi.changePassword(current, next),
  });
}

export function useRequestEmailChange() {
  return useMutation({
    mutationFn: ({ password, email }: { password: string; email: string }) =>
      authApi.changeEmail(password, email),
  });
}

export function useVerifyEmailChange() {
  return useMutation({
    mutationFn: ({ email, code }: { email: string; code: string }) =>
      authApi.verifyEmailChange(email, code),
  });
}

export function useSaveSettings() {
  return useMutation({ mutationFn: (settings: UserSettings) => authApi.saveSettings(settings) });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: (email: string) => authApi.forgotPassword(email) });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: ({ email, token, password }: { email: string; token: string; password: string }) =>
      authApi.resetPassword(email, token, password),
  });
}

/** The code sent at sign-up: it verifies the address and may sign the person in. */
export function useVerifyEmail() {
  return useMutation({
    mutationFn: ({ email, code }: { email: string; code: string }) => authApi.verify(email, code),
  });
}

export function useResendVerification() {
  return useMutation({ mutationFn: (email: string) => authApi.resendVerification(email) });
}

/** Where to send the person to authorize the GitHub connection, and the state to expect back. */
export function useGithubAuthorizeUrl() {
  return useMutation({ mutationFn: () => authApi.githubAuthorizeUrl() });
}

/** Completes GitHub's redirect back: the code and the state it carried. */
export function useConnectGithub() {
  return useMutation({
    mutationFn: ({ code, state }: { code: string; state: string }) =>
      authApi.githubConnect(code, state),
  });
}

export function useDisconnectGithub() {
  return useMutation({ mutationFn: () => authApi.githubDisconnect() });
}
