import { z } from 'zod';
import { billingCycles, outputFormats, planIds, textField } from './fields.js';

// Plans, credit packs and checkout.

/**
 * The one-time credit packs (docs/product.md#plans): the single source of these figures for
 * the server (what a checkout may sell) and the web app. Purchased credits never expire.
 */
export const creditPacks = [
  { credits: 500, priceCents: 1000 },
  { credits: 1000, priceCents: 1800 },
  { credits: 2500, priceCents: 4000 },
] as const;
export type CreditPackDefinition = (typeof creditPacks)[number];

const packCredits: readonly number[] = creditPacks.map((pack) => pack.credits);
const packPricesCents: readonly number[] = creditPacks.map((pack) => pack.priceCents);

export function findCreditPack(credits: number): CreditPackDefinition | undefined {
  return creditPacks.find((pack) => pack.credits === credits);
}

export function findCreditPackByPrice(priceCents: number): CreditPackDefinition | undefined {
  return creditPacks.find((pack) => pack.priceCents === priceCents);
}

/** GET /payments/token-packs: one entry; `price` in US dollars, `tokens` are credits. */
export const creditPackSchema = z.object({ tokens: z.number().int(), price: z.number() });
export type CreditPack = z.infer<typeof creditPackSchema>;

/**
 * GET /payments/plans: one entry. Prices are null for a custom-priced plan (Enterprise); the
 * `_yearly` fields give the price of a year and the monthly credits of a yearly subscription.
 */
export const planSchema = z.object({
  id: z.enum(planIds),
  name: z.string(),
  price_usd: z.number().nullable(),
  price_cents: z.number().int().nullable(),
  price_usd_yearly: z.number().nullable(),
  price_cents_yearly: z.number().int().nullable(),
  credits_per_month: z.number().int(),
  credits_per_month_yearly: z.number().int(),
  max_lines_per_job: z.number().int(),
  upload_limit_mb: z.number().int(),
  allowed_output_formats: z.array(z.enum(outputFormats)),
  features: z.array(z.string()),
});
export type Plan = z.infer<typeof planSchema>;

/** GET /payments/subscription: the plan on the user's row and the credits it gives. */
export const subscriptionResponseSchema = z.object({
  plan_id: z.enum(planIds),
  plan_name: z.string(),
  /** Null on the free plan, which has no billing. */
  billing_cycle: z.enum(billingCycles).nullable(),
  status: z.literal('active'),
  price_usd: z.number().nullable(),
  /** End of the paid period (the next billing date); null on the free plan. */
  current_period_end: z.string().nullable(),
  next_billing_date: z.string().nullable(),
  monthly_credits_reset_date: z.string().nullable(),
  credits_per_month: z.number().int(),
  monthly_credits: z.number().int(),
  purchased_credits: z.number().int(),
  credits_available: z.number().int(),
  credits_reserved: z.number().int(),
});
export type SubscriptionResponse = z.infer<typeof subscriptionResponseSchema>;

/** POST /payments/subscription/checkout: `plan_type` is a plan id plus _monthly or _yearly. */
export const subscriptionCheckoutRequestSchema = z.strictObject({
  plan_type: z
    .string()
    .trim()
    .toLowerCase()
    .max(100, 'plan_type is too long.')
    .regex(
      /^[a-z]+_(monthly|yearly)$/,
      'plan_type must be a plan id followed by _monthly or _yearly, for example starter_monthly.',
    ),
});
export type SubscriptionCheckoutRequest = z.input<typeof subscriptionCheckoutRequestSchema>;

const tokenAmountField = z
  .number()
  // A refine rather than .int(): zod reports .int() as a type error, which hides this message.
  .refine(Number.isInteger, { message: 'token_amount must be a whole number.', abort: true })
  .refine(
    (credits) => packCredits.includes(credits),
    `token_amount must be one of the credit packs: ${packCredits.join(', ')}.`,
  );

/** POST /payments/token-pack/checkout and POST /payments/checkout. */
export const packCheckoutRequestSchema = z.strictObject({ token_amount: tokenAmountField });
export type PackCheckoutRequest = z.input<typeof packCheckoutRequestSchema>;

export const checkoutResponseSchema = z.object({ url: z.string() });
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

/**
 * POST /payments/create-payment-intent. `amount` is in cents, as card processors count it
 * (Stripe's PaymentIntent amount), and must be the price of a credit pack: 1000, 1800 or 4000.
 */
export const paymentIntentRequestSchema = z.strictObject({
  amount: z
    .number()
    .refine(Number.isInteger, { message: 'amount must be a whole number of cents.', abort: true })
    .refine(
      (cents) => packPricesCents.includes(cents),
      `amount must be the price of a credit pack in cents: ${packPricesCents.join(', ')}.`,
    ),
});
export type PaymentIntentRequest = z.input<typeof paymentIntentRequestSchema>;

/** `url` is where the browser completes the payment in local test mode. */
export const paymentIntentResponseSchema = z.object({
  client_secret: z.string(),
  amount: z.number().int(),
  url: z.string(),
});
export type PaymentIntentResponse = z.infer<typeof paymentIntentResponseSchema>;

export const checkoutKinds = ['subscription', 'pack'] as const;
export type CheckoutKind = (typeof checkoutKinds)[number];

export const checkoutStatuses = ['pending', 'completed', 'cancelled'] as const;
export type CheckoutStatus = (typeof checkoutStatuses)[number];

export const checkoutSessionParamsSchema = z.object({
  id: textField().min(1).max(100, 'The checkout session id is too long.'),
});

/** GET /payments/checkout-sessions/{id}: what the in-app test checkout page shows. */
export const checkoutSessionSchema = z.object({
  id: z.string(),
  kind: z.enum(checkoutKinds),
  description: z.string(),
  amount_cents: z.number().int(),
  currency: z.literal('usd'),
  status: z.enum(checkoutStatuses),
  plan_id: z.enum(planIds).optional(),
  billing_cycle: z.enum(billingCycles).optional(),
  /** Pack: the credits bought. Subscription: the monthly credits of the plan and cycle. */
  credits: z.number().int().optional(),
  created_at: z.string(),
});
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;

/** POST /payments/checkout-sessions/{id}/complete and /cancel: where the browser goes next. */
export const checkoutOutcomeSchema = z.object({
  status: z.enum(['completed', 'cancelled']),
  redirect_url: z.string(),
});
export type CheckoutOutcome = z.infer<typeof checkoutOutcomeSchema>;
