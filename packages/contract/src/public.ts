import { z } from 'zod';
import { emailField } from './fields.js';

export const waitlistJoinRequestSchema = z.strictObject({ email: emailField });
export type WaitlistJoinRequest = z.input<typeof waitlistJoinRequestSchema>;

export const waitlistJoinResponseSchema = z.object({ message: z.string(), email: z.string() });
export type WaitlistJoinResponse = z.infer<typeof waitlistJoinResponseSchema>;

export const waitlistCountResponseSchema = z.object({ total_signups: z.number().int() });
export type WaitlistCountResponse = z.infer<typeof waitlistCountResponseSchema>;

/** GET /api/status: what the web app needs before it renders anything. */
export const statusResponseSchema = z.object({
  maintenance_mode: z.boolean(),
  beta_gate: z.boolean(),
  /** Public client id for the Google button; null hides it. */
  google_client_id: z.string().nullable(),
});
export type StatusResponse = z.infer<typeof statusResponseSchema>;

export const healthResponseSchema = z.object({ status: z.string() });
export type HealthResponse = z.infer<typeof healthResponseSchema>;
