import { z } from 'zod';
import { billingCycles, creditTypes, planIds } from './fields.js';

// Operator API, used by `npm run admin`.

export const adminPlanRequestSchema = z.strictObject({
  plan: z.enum(planIds, { error: `plan must be one of: ${planIds.join(', ')}.` }),
  billing_cycle: z.enum(billingCycles, {
    error: `billing_cycle must be one of: ${billingCycles.join(', ')}.`,
  }),
});
export type AdminPlanRequest = z.input<typeof adminPlanRequestSchema>;

export const adminCreditsRequestSchema = z.strictObject({
  amount: z
    .number()
    .int('amount must be a whole number.')
    .refine((n) => n !== 0, 'amount must not be 0.')
    .refine((n) => Math.abs(n) <= 10_000_000, 'amount is too large.'),
  credit_type: z.enum(creditTypes, {
    error: `credit_type must be one of: ${creditTypes.join(', ')}.`,
  }),
});
export type AdminCreditsRequest = z.input<typeof adminCreditsRequestSchema>;

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  subscription_plan: z.enum(planIds),
  billing_cycle: z.enum(billingCycles).nullable(),
  is_verified: z.boolean(),
  is_oauth_only: z.boolean(),
  is_approved: z.boolean(),
  monthly_credits: z.number().int(),
  purchased_credits: z.number().int(),
  created_at: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersResponseSchema = z.object({
  users: z.array(adminUserSchema),
  total: z.number().int(),
});
export type AdminUsersResponse = z.infer<typeof adminUsersResponseSchema>;

export const adminApproveResponseSchema = z.object({
  email: z.string(),
  approved: z.literal(true),
});
export type AdminApproveResponse = z.infer<typeof adminApproveResponseSchema>;

export const outboxMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const adminOutboxResponseSchema = z.object({ messages: z.array(outboxMessageSchema) });
export type AdminOutboxResponse = z.infer<typeof adminOutboxResponseSchema>;
