import {
  modelsResponseSchema,
  adminApproveResponseSchema,
  adminCreditsRequestSchema,
  adminOutboxResponseSchema,
  adminPlanRequestSchema,
  adminUserSchema,
  adminUsersResponseSchema,
  analyzePatternsRequestSchema,
  checkoutOutcomeSchema,
  checkoutResponseSchema,
  checkoutSessionParamsSchema,
  checkoutSessionSchema,
  creditPackSchema,
  healthResponseSchema,
  packCheckoutRequestSchema,
  paymentIntentRequestSchema,
  paymentIntentResponseSchema,
  planSchema,
  simulateMatchingRequestSchema,
  statusResponseSchema,
  subscriptionCheckoutRequestSchema,
  subscriptionResponseSchema,
  transactionsQuerySchema,
  transactionsResponseSchema,
  validatePatternRequestSchema,
  validatePatternsRequestSchema,
  waitlistCountResponseSchema,
  waitlistJoinRequestSchema,
  waitlistJoinResponseSchema,
} from '@repobundle/contract';
import { z } from 'zod';
import { idParams, undescribedObject, type Operation } from './operation.js';

const emailParams = z.object({ email: z.string() });
const probeResult = z.enum(['ok', 'unreachable']);
/** GET /readyz, ready (200) or not (503): each dependency's probe. */
const readinessSchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  database: probeResult,
  queue: probeResult,
  storage: probeResult,
});
const adminQuery = z.object({ limit: z.number().int().optional(), offset: z.number().int() });

function gitignore(path: string, summary: string, body: Operation['body']): Operation {
  return {
    method: 'post',
    path,
    tag: 'Gitignore',
    summary,
    access: 'public',
    body,
    response: { status: 200, schema: undescribedObject },
  };
}

function payments(operation: Omit<Operation, 'tag' | 'access'>): Operation {
  return { tag: 'Payments', access: 'session', ...operation };
}

function admin(operation: Omit<Operation, 'tag' | 'access'>): Operation {
  return { tag: 'Operator', access: 'admin', ...operation };
}

/** Health, status, waitlist, gitignore helpers, payments and the operator API. */
export const otherOperations: Operation[] = [
  {
    method: 'get',
    path: '/healthz',
    tag: 'Health',
    summary: 'The process is up',
    access: 'public',
    response: { status: 200, schema: healthResponseSchema },
  },
  {
    method: 'get',
    path: '/api/models',
    tag: 'Jobs',
    summary: 'The models a job may target: tokenizer, context window, exact or estimated',
    description: 'Public reference data, the same table as `repobundle models`.',
    access: 'public',
    response: { status: 200, schema: modelsResponseSchema },
  },
  {
    method: 'post',
    path: '/mcp',
    tag: 'MCP',
    summary: 'The hosted MCP server (Streamable HTTP, JSON-RPC)',
    description:
      'Tools pack_repository (jobs scope), get_job, list_output_files, read_output_file and grep_output_files (read scope). An API key only: a session token is refused.',
    access: 'apiKey',
    upload: { raw: ['application/json'] },
    response: { status: 200, contentType: 'application/json' },
  },
  ...(['get', 'delete'] as const).map((method): Operation => ({
    method,
    path: '/mcp',
    tag: 'MCP',
    summary: 'Not offered: the hosted MCP server is stateless and answers POST only',
    access: 'apiKey',
    response: { status: 200, description: 'Never: always 405.' },
    errors: [405],
  })),
  {
    method: 'get',
    path: '/readyz',
    tag: 'Health',
    summary: 'Database, queue and storage are reachable (503 otherwise)',
    access: 'public',
    response: { status: 200, schema: readinessSchema },
    errors: [503],
    errorBodies: { 503: readinessSchema },
  },
  {
    method: 'get',
    path: '/metrics',
    tag: 'Health',
    summary: 'Prometheus metrics',
    access: 'public',
    response: { status: 200, contentType: 'text/plain', description: 'Prometheus text format.' },
  },
  {
    method: 'get',
    path: '/api/openapi.json',
    tag: 'Health',
    summary: 'This document (OpenAPI 3.1)',
    access: 'public',
    response: { status: 200, schema: z.looseObject({ openapi: z.string() }) },
  },
  {
    method: 'get',
    path: '/docs/api',
    tag: 'Health',
    summary: 'The reference page that renders this document',
    access: 'public',
    response: { status: 200, contentType: 'text/html', description: 'An HTML page.' },
  },
  {
    method: 'get',
    path: '/api/status',
    tag: 'Health',
    summary: 'Maintenance mode, beta gate and sign-in options',
    access: 'public',
    response: { status: 200, schema: statusResponseSchema },
  },
  {
    method: 'post',
    path: '/api/waitlist/',
    tag: 'Waitlist',
    summary: 'Join the waitlist (200 when already on it)',
    access: 'public',
    body: waitlistJoinRequestSchema,
    response: { status: 201, schema: waitlistJoinResponseSchema, isAlsoOk: true },
  },
  {
    method: 'get',
    path: '/api/waitlist/count',
    tag: 'Waitlist',
    summary: 'How many joined the waitlist',
    access: 'public',
    response: { status: 200, schema: waitlistCountResponseSchema },
  },
  gitignore('/api/gitignore/validate-pattern', 'Check one pattern', validatePatternRequestSchema),
  gitignore('/api/gitignore/validate-patterns', 'Check patterns', validatePatternsRequestSchema),
  gitignore('/api/gitignore/analyze-patterns', 'Describe patterns', analyzePatternsRequestSchema),
  gitignore(
    '/api/gitignore/simulate-file-matching',
    'Which paths patterns ignore',
    simulateMatchingRequestSchema,
  ),
  {
    method: 'get',
    path: '/api/gitignore/template-patterns',
    tag: 'Gitignore',
    summary: 'Pattern templates by ecosystem',
    access: 'public',
    response: { status: 200, schema: undescribedObject },
  },
  {
    method: 'get',
    path: '/payments/plans',
    tag: 'Payments',
    summary: 'The plans',
    access: 'public',
    response: { status: 200, schema: z.array(planSchema) },
  },
  {
    method: 'get',
    path: '/payments/token-packs',
    tag: 'Payments',
    summary: 'The credit packs',
    access: 'public',
    response: { status: 200, schema: z.array(creditPackSchema) },
  },
  payments({
    method: 'get',
    path: '/payments/subscription',
    summary: 'Your subscription',
    response: { status: 200, schema: subscriptionResponseSchema },
  }),
  ...['/payments/transactions', '/payments/token-transactions'].map((path) =>
    payments({
      method: 'get',
      path,
      summary: 'Your credit ledger',
      query: transactionsQuerySchema,
      response: { status: 200, schema: transactionsResponseSchema },
    }),
  ),
  payments({
    method: 'post',
    path: '/payments/subscription/checkout',
    summary: 'Start a subscription checkout',
    body: subscriptionCheckoutRequestSchema,
    response: { status: 200, schema: checkoutResponseSchema },
    errors: [409, 502, 503],
  }),
  ...['/payments/token-pack/checkout', '/payments/checkout'].map((path) =>
    payments({
      method: 'post',
      path,
      summary: 'Start a credit pack checkout',
      body: packCheckoutRequestSchema,
      response: { status: 200, schema: checkoutResponseSchema },
      errors: [502, 503],
    }),
  ),
  payments({
    method: 'post',
    path: '/payments/create-payment-intent',
    summary: 'Start a payment for an amount',
    body: paymentIntentRequestSchema,
    response: { status: 200, schema: paymentIntentResponseSchema },
    errors: [502, 503],
  }),
  payments({
    method: 'get',
    path: '/payments/checkout-sessions/{id}',
    summary: 'A checkout session of the local test mode',
    params: checkoutSessionParamsSchema,
    response: { status: 200, schema: checkoutSessionSchema },
    errors: [404],
  }),
  ...['complete', 'cancel'].map((action) =>
    payments({
      method: 'post',
      path: `/payments/checkout-sessions/{id}/${action}`,
      summary: `${action === 'complete' ? 'Pay' : 'Cancel'} a test-mode checkout session`,
      params: idParams,
      response: { status: 200, schema: checkoutOutcomeSchema },
      errors: [404, 409],
    }),
  ),
  {
    method: 'post',
    path: '/payments/webhook',
    tag: 'Payments',
    summary: "Stripe's signed events",
    access: 'public',
    upload: { raw: ['application/json'] },
    response: { status: 200, schema: z.object({ received: z.boolean() }) },
    errors: [503],
  },
  admin({
    method: 'get',
    path: '/admin/users',
    summary: 'Users',
    query: adminQuery,
    response: { status: 200, schema: adminUsersResponseSchema },
  }),
  admin({
    method: 'post',
    path: '/admin/users/{email}/approve',
    summary: 'Approve an e-mail (beta gate)',
    params: emailParams,
    response: { status: 200, schema: adminApproveResponseSchema },
  }),
  admin({
    method: 'post',
    path: '/admin/users/{email}/plan',
    summary: "Set a user's plan",
    params: emailParams,
    body: adminPlanRequestSchema,
    response: { status: 200, schema: adminUserSchema },
    errors: [404],
  }),
  admin({
    method: 'post',
    path: '/admin/users/{email}/credits',
    summary: 'Grant or remove credits (written to the ledger)',
    params: emailParams,
    body: adminCreditsRequestSchema,
    response: { status: 200, schema: adminUserSchema },
    errors: [402, 404],
  }),
  admin({
    method: 'get',
    path: '/admin/outbox',
    summary: 'Mail kept in the outbox',
    query: z.object({ limit: z.number().int().optional(), to: z.string().optional() }),
    response: { status: 200, schema: adminOutboxResponseSchema },
  }),
];
