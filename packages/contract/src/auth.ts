import { z } from 'zod';
import { emailField, passwordField, textField, verificationCodeField } from './fields.js';

// Requests of the /auth calls. Objects are strict:
// an unknown field is a 400, so a typo in a client never passes silently.

export const registerRequestSchema = z.strictObject({ email: emailField, password: passwordField });
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const loginRequestSchema = z.strictObject({ email: emailField, password: passwordField });
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const googleLoginRequestSchema = z.strictObject({
  credential: textField().min(1, 'credential is required.').max(8192),
});
export type GoogleLoginRequest = z.input<typeof googleLoginRequestSchema>;

export const refreshRequestSchema = z.strictObject({
  refresh_token: textField().min(1, 'No refresh token available.').max(512),
});
export type RefreshRequest = z.input<typeof refreshRequestSchema>;

export const verifyRequestSchema = z.strictObject({
  email: emailField,
  verification_code: verificationCodeField,
});
export type VerifyRequest = z.input<typeof verifyRequestSchema>;

export const emailOnlyRequestSchema = z.strictObject({ email: emailField });
export type ResendVerificationRequest = z.input<typeof emailOnlyRequestSchema>;
export type ForgotPasswordRequest = z.input<typeof emailOnlyRequestSchema>;

export const resetPasswordRequestSchema = z.strictObject({
  email: emailField,
  reset_token: textField()
    .min(1, 'Invalid password reset link. Please request a new one.')
    .max(256),
  new_password: passwordField,
});
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

export const changePasswordRequestSchema = z.strictObject({
  current_password: passwordField,
  new_password: passwordField,
});
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

export const changeEmailRequestSchema = z.strictObject({
  current_password: passwordField,
  new_email: emailField,
});
export type ChangeEmailRequest = z.input<typeof changeEmailRequestSchema>;

/** `email` is the new address the code was sent to. */
export const verifyEmailChangeRequestSchema = z.strictObject({
  email: emailField,
  verification_code: verificationCodeField,
});
export type VerifyEmailChangeRequest = z.input<typeof verifyEmailChangeRequestSchema>;

// Answers.

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const tokenResponseSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('bearer'),
  /** Seconds until the access token expires. */
  expires_in: z.number().int(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const registerResponseSchema = z.object({
  message: z.string(),
  email: z.string(),
  verification_required: z.literal(true),
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

export const verifyResponseSchema = tokenResponseSchema.extend({ message: z.string() });
export type VerifyResponse = z.infer<typeof verifyResponseSchema>;

export const googleLoginResponseSchema = tokenResponseSchema.extend({ is_new_user: z.boolean() });
export type GoogleLoginResponse = z.infer<typeof googleLoginResponseSchema>;

/** Changing the password revokes every session; the caller gets a fresh pair. */
export const changePasswordResponseSchema = tokenResponseSchema.extend({ message: z.string() });
export type ChangePasswordResponse = z.infer<typeof changePasswordResponseSchema>;
