import { z } from 'zod';
import { autoDeleteChoices, billingCycles, creditTypes, outputFormats, planIds } from './fields.js';

export const userSettingsSchema = z.object({
  auto_delete_after: z.enum(autoDeleteChoices),
  default_credit_type: z.enum(creditTypes),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

/** PUT /auth/settings: either or both fields. */
export const settingsUpdateRequestSchema = z
  .strictObject({
    auto_delete_after: z.enum(autoDeleteChoices, {
      error: `auto_delete_after must be one of: ${autoDeleteChoices.join(', ')}.`,
    }),
    default_credit_type: z.enum(creditTypes, {
      error: `default_credit_type must be one of: ${creditTypes.join(', ')}.`,
    }),
  })
  .partial()
  .refine((v) => v.auto_delete_after !== undefined || v.default_credit_type !== undefined, {
    message: 'Give auto_delete_after, default_credit_type or both.',
  });
export type SettingsUpdateRequest = z.input<typeof settingsUpdateRequestSchema>;

export const settingsResponseSchema = z.object({
  message: z.string(),
  settings: userSettingsSchema,
});
export type SettingsResponse = z.infer<typeof settingsResponseSchema>;

export const welcomeModalRequestSchema = z.strictObject({ welcome_modal_seen: z.boolean() });
export type WelcomeModalRequest = z.input<typeof welcomeModalRequestSchema>;

export const welcomeModalResponseSchema = z.object({ welcome_modal_seen: z.boolean() });
export type WelcomeModalResponse = z.infer<typeof welcomeModalResponseSchema>;

/** GET /auth/me: every user field, plus the settings. Dates are ISO strings. */
export const userResponseSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(planIds),
  subscription_plan: z.enum(planIds),
  billing_cycle: z.enum(billingCycles).nullable(),
  is_verified: z.boolean(),
  is_oauth_only: z.boolean(),
  github_connected: z.boolean(),
  github_username: z.string().nullable(),
  welcome_modal_seen: z.boolean(),
  /** True until the welcome modal has been seen. */
  isNewUser: z.boolean(),
  created_at: z.string(),
  credits_available: z.number().int(),
  credits_reserved: z.number().int(),
  monthly_credits: z.number().int(),
  monthly_credits_reset_date: z.string().nullable(),
  purchased_credits: z.number().int(),
  next_billing_date: z.string().nullable(),
  max_lines_per_job: z.number().int(),
  upload_limit_mb: z.number().int(),
  allowed_output_formats: z.array(z.enum(outputFormats)),
  auto_delete_after: z.enum(autoDeleteChoices),
  default_credit_type: z.enum(creditTypes),
  settings: userSettingsSchema,
});
export type UserResponse = z.infer<typeof userResponseSchema>;
