import type {
  ChangePasswordResponse,
  GithubAuthorizeUrlResponse,
  MessageResponse,
  RegisterResponse,
  SettingsResponse,
  TokenResponse,
  UserResponse,
  UserSettings,
  VerifyResponse,
} from '@repobundle/contract';
import { api } from './client.js';

export const authApi = {
  login: (email: string, password: string) =>
    api.post<TokenResponse>('/auth/login', { email, password }, { anonymous: true }),
  register: (email: string, password: string) =>
    api.post<RegisterResponse>('/auth/register', { email, password }, { anonymous: true }),
  google: (credential: string) =>
    api.post<TokenResponse>('/auth/google', { credential }, { anonymous: true }),
  me: () => api.get<UserResponse>('/auth/me'),
  saveSettings: (settings: UserSettings) => api.put<SettingsResponse>('/auth/settings', settings),
  markWelcomeSeen: () => api.put<unknown>('/auth/welcome-modal', { welcome_modal_seen: true }),
  verify: (email: string, code: string) =>
    api.post<VerifyResponse>(
      '/auth/verify',
      { email, verification_code: code },
      { anonymous: true },
    ),
  resendVerification: (email: string) =>
    api.post<MessageResponse>('/auth/resend-verification', { email }, { anonymous: true }),
  forgotPassword: (email: string) =>
    api.post<MessageResponse>('/auth/forgot-password', { email }, { anonymous: true }),
  resetPassword: (email: string, resetToken: string, newPassword: string) =>
    api.post<MessageResponse>(
      '/auth/reset-password',
      { email, reset_token: resetToken, new_password: newPassword },
      { anonymous: true },
    ),
  changePassword: (currentPassword: string, newPassword: string) =>
    api.post<ChangePasswordResponse>('/auth/change-password', {
      current_password: currentPassword,
      new_password: newPassword,
    }),
  changeEmail: (currentPassword: string, newEmail: string) =>
    api.post<MessageResponse>('/auth/change-email', {
      current_password: currentPassword,
      new_email: newEmail,
    }),
  verifyEmailChange: (email: string, code: string) =>
    api.post<MessageResponse>('/auth/verify-email-change', { email, verification_code: code }),
  githubAuthorizeUrl: () => api.get<GithubAuthorizeUrlResponse>('/auth/github/authorize-url'),
  githubConnect: (code: string, state: string) =>
    api.post<{ github_username: string }>('/auth/github/connect', { code, state }),
  githubDisconnect: () => api.post<unknown>('/auth/github/disconnect', { confirm: true }),
};
