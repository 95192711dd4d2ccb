import { z } from 'zod';

/**
 * Request text. PostgreSQL's text type cannot hold the NUL character, so text that may reach the
 * database refuses it here with a 400, rather than failing in the query.
 */
export function textField(params?: Parameters<typeof z.string>[0]) {
  return z
    .string(params)
    .refine((value) => !value.includes('\u0000'), 'must not contain the NUL character (\\u0000)');
}

/** Field schemas used by several calls; messages are the ones the spec shows to people. */
export const emailField = textField()
  .trim()
  .toLowerCase()
  .max(254, 'Please enter a valid email address.')
  .pipe(z.email('Please enter a valid email address.'));

/** Raw password input; the sign-up rules are checked separately to report every broken rule. */
export const passwordField = textField().min(1, 'Password is required.').max(1024);

export const verificationCodeField = textField()
  .trim()
  .min(1, 'Please enter the verification code.')
  .max(6, 'The verification code has at most 6 characters.');

export const planIds = ['free', 'starter', 'pro', 'enterprise'] as const;
export type PlanId = (typeof planIds)[number];

export const billingCycles = ['monthly', 'yearly'] as const;
export type BillingCycle = (typeof billingCycles)[number];

export const creditTypes = ['monthly', 'purchased'] as const;
export type CreditType = (typeof creditTypes)[number];

export const autoDeleteChoices = [
  'never',
  '1hr',
  '6hr',
  '12hr',
  '1day',
  '7days',
  '14days',
  '30days',
] as const;
export type AutoDeleteAfter = (typeof autoDeleteChoices)[number];

export const outputFormats = ['md', 'txt', 'json', 'xml', 'csv', 'yaml', 'custom'] as const;
export type OutputFormat = (typeof outputFormats)[number];

export const transactionTypes = [
  'purchase',
  'usage',
  'reservation',
  'monthly_reset',
  'subscription_bonus',
  'refund',
] as const;
export type TransactionType = (typeof transactionTypes)[number];
