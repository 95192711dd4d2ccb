import type { BrowserContext, Route } from 'playwright-core';

// Canned API answers for the screenshot tour, shaped as @repobundle/contract and the spec say.

const now = Date.now();
const iso = (offsetMs: number) => new Date(now + offsetMs).toISOString();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const mockUser = {
  id: 'c0ffee00-0000-4000-8000-000000000001',
  email: 'ada.lovelace@example.com',
  role: 'starter',
  subscription_plan: 'starter',
  billing_cycle: 'monthly',
  is_verified: true,
  is_oauth_only: false,
  github_connected: false,
  github_username: null,
  welcome_modal_seen: true,
  isNewUser: false,
  created_at: iso(-40 * DAY),
  credits_available: 1_142,
  credits_reserved: 12,
  monthly_credits: 842,
  monthly_credits_reset_date: iso(12 * DAY),
  purchased_credits: 300,
  next_billing_date: iso(12 * DAY),
  max_lines_per_job: 750_000,
  upload_limit_mb: 50,
  allowed_output_formats: ['md', 'txt', 'json', 'xml'],
  auto_delete_after: '7days',
  default_credit_type: 'monthly',
  settings: { auto_delete_after: '7days', default_credit_type: 'monthly' },
};

const jobIds = [
  '9b1f7c2e-4d3a-4f8e-a6b1-2c3d4e5f6a7b',
  '1a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d',
  '7e8f9a0b-1c2d-4e4f-8a6b-7c8d9e0f1a2b',
  '3c4d5e6f-7a8b-4c0d-9e2f-3a4b5c6d7e8f',
  '5f6a7b8c-9d0e-4f2a-8b4c-5d6e7f8a9b0c',
];
export const mockJobs = [
  {
    id: jobIds[0],
    status: 'processing',
    file_count: 214,
    output_format: 'md',
    reserved_credits: 12,
    actual_credits: null,
    created_at: iso(-2 * 60_000),
    started_at: iso(-90_000),
    finished_at: null,
    scheduled_deletion: iso(7 * DAY - 10 * 60_000),
  },
  {
    id: jobIds[1],
    status: 'succeeded',
    file_count: 1_087,
    output_format: 'json',
    reserved_credits: 38,
    actual_credits: 35,
    created_at: iso(-3 * HOUR),
    started_at: iso(-3 * HOUR + 4_000),
    finished_at: iso(-3 * HOUR + 52_000),
    scheduled_deletion: iso(5 * HOUR),
  },
  {
    id: jobIds[2],
    status: 'succeeded',
    file_count: 96,
    output_format: 'md',
    reserved_credits: 4,
    actual_credits: 4,
    created_at: iso(-2 * DAY),
    started_at: iso(-2 * DAY + 2_000),
    finished_at: iso(-2 * DAY + 21_000),
    scheduled_deletion: iso(25 * 60_000),
  },
  {
    id: jobIds[3],
    status: 'failed',
    file_count: 12,
    output_format: 'xml',
    reserved_credits: 1,
    actual_credits: 0,
    created_at: iso(-8 * DAY),
    started_at: iso(-8 * DAY + 1_000),
    finished_at: iso(-8 * DAY + 6_000),
    scheduled_deletion: iso(-HOUR),
  },
  {
    id: jobIds[4],
    status: 'pending',
    file_count: 430,
    output_format: 'txt',
    reserved_credits: 9,
    actual_credits: null,
    created_at: iso(-20 * DAY),
    started_at: null,
    finished_at: null,
    scheduled_deletion: null,
  },
];

export const mockTransactions = [
  {
    id: 't1',
    type: 'reservation',
    amount: -12,
    description: 'Reserved for job 9b1f7c2e',
    job_id: '9b1f7c2e-5a4d-4c3b-9e8f-0a1b2c3d4e5f',
    created_at: iso(-2 * 60_000),
  },
  {
    id: 't2',
    type: 'usage',
    amount: -35,
    description: 'Job 1a2b3c4d: 1,087 files',
    job_id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
    created_at: iso(-3 * HOUR),
  },
  {
    id: 't3',
    type: 'refund',
    amount: 38,
    description: 'Reservation released, job 1a2b3c4d',
    job_id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
    created_at: iso(-3 * HOUR),
  },
  {
    id: 't3r',
    type: 'reservation',
    amount: -38,
    description: 'Reserved for job 1a2b3c4d',
    job_id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
    created_at: iso(-3 * HOUR - 60_000),
  },
  {
    id: 't4',
    type: 'purchase',
    amount: 500,
    description: 'Credit pack: 500 credits',
    created_at: iso(-6 * DAY),
  },
  {
    id: 't5',
    type: 'monthly_reset',
    amount: 1_000,
    description: 'Monthly credits reset (Starter)',
    created_at: iso(-18 * DAY),
  },
  {
    id: 't6',
    type: 'subscription_bonus',
    amount: 100,
    description: 'Welcome bonus for Starter',
    created_at: iso(-40 * DAY),
  },
];

export const mockPlans = [
  {
    id: 'free',
    name: 'Free',
    price_usd: 0,
    price_cents: 0,
    credits_per_month: 100,
    max_lines_per_job: 100_000,
    upload_limit_mb: 10,
    allowed_output_formats: ['md', 'txt'],
    features: [
      '100 credits every month',
      '100k lines per job',
      '10MB uploads',
      'Markdown and text output',
      'ZIP upload',
    ],
  },
  {
    id: 'starter',
    name: 'Starter',
    price_usd: 9.99,
    price_cents: 999,
    credits_per_month: 1000,
    max_lines_per_job: 750_000,
    upload_limit_mb: 50,
    allowed_output_formats: ['md', 'txt', 'json', 'xml'],
    features: [
      '1,000 credits every month',
      '750k lines per job',
      '50MB uploads',
      'md, json, txt and xml output',
      'GitHub repository import',
    ],
  },
  {
    id: 'pro',
    name: 'Pro',
    price_usd: 29.99,
    price_cents: 2999,
    credits_per_month: 5000,
    max_lines_per_job: 2_000_000,
    upload_limit_mb: 200,
    allowed_output_formats: ['md', 'txt', 'json', 'xml', 'csv', 'yaml', 'custom'],
    features: [
      '5,000 credits every month',
      '2M lines per job',
      '200MB uploads',
      'Every output format, custom templates',
      'Private repositories',
      'Priority processing',
    ],
  },
];

export interface MockOptions {
  signedIn?: boolean;
  maintenance?: boolean;
  user?: Partial<typeof mockUser>;
  jobs?: unknown[];
  transactionsFail?: boolean;
}

function fulfil(route: Route, status: number, body: unknown) {
  return route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
}

const API_PREFIXES = ['/auth/', '/api/', '/payments/', '/admin/'];

export async function mockApi(context: BrowserContext, options: MockOptions = {}): Promise<void> {
  const user = { ...mockUser, ...options.user };
  const jobs = options.jobs ?? mockJobs;
  if (options.signedIn) {
    await context.addInitScript(() => {
      localStorage.setItem('access_token', 'e2e-access');
      localStorage.setItem('refresh_token', 'e2e-refresh');
    });
  }
  await context.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    if (!API_PREFIXES.some((prefix) => url.pathname.startsWith(prefix))) return route.continue();
    const method = route.request().method();
    switch (url.pathname) {
      case '/api/status':
        return fulfil(route, 200, {
          maintenance_mode: Boolean(options.maintenance),
          beta_gate: false,
          google_client_id: null,
        });
      case '/auth/me':
        return options.signedIn
          ? fulfil(route, 200, user)
          : fulfil(route, 401, { detail: 'Not authenticated', code: 'NOT_AUTHENTICATED' });
      case '/api/jobs': {
        const total = jobs.length;
        return fulfil(route, 200, {
          jobs,
          pagination: {
            page: 1,
            limit: 25,
            total_jobs: total,
            total_pages: Math.max(1, Math.ceil(total / 25)),
            has_next: false,
            has_prev: false,
          },
        });
      }
      case '/payments/transactions':
        return options.transactionsFail
          ? fulfil(route, 500, {
              detail: 'The ledger is unavailable right now.',
              code: 'INTERNAL_ERROR',
            })
          : fulfil(route, 200, {
              transactions: mockTransactions,
              pagination: {
                page: 1,
                limit: 25,
                total: mockTransactions.length,
                total_pages: 1,
                has_next: false,
                has_prev: false,
              },
            });
      case '/api/keys':
        return fulfil(route, 200, {
          keys: [
            {
              id: '6a1f0c1e-3b7d-4c55-9a43-0c1f8e2d7b10',
              name: 'CI pipeline',
              scope: 'jobs',
              prefix: 'rbk_Q3xZ9k',
              created_at: '2026-05-02T09:12:00.000Z',
              expires_at: '2027-05-02T09:12:00.000Z',
              last_used_at: '2026-05-20T16:40:00.000Z',
            },
            {
              id: '0b6d4a52-8c1e-4f7a-b2d3-5e6f7a8b9c0d',
              name: 'Dashboard export',
              scope: 'read',
              prefix: 'rbk_f81LmA',
              created_at: '2026-04-11T08:00:00.000Z',
              expires_at: null,
              last_used_at: null,
            },
          ],
        });
      case '/payments/plans':
        return fulfil(route, 200, mockPlans);
      case '/payments/token-packs':
        return fulfil(route, 200, [
          { tokens: 500, price: 10 },
          { tokens: 1000, price: 18 },
          { tokens: 2500, price: 40 },
        ]);
      case '/payments/subscription':
        return fulfil(route, 200, {
          plan: user.subscription_plan,
          billing_cycle: user.billing_cycle,
          status: 'active',
        });
      case '/api/waitlist/count':
        return fulfil(route, 200, { total_signups: 2_847 });
      case '/api/waitlist/':
        return fulfil(route, 201, { message: 'You are on the list', email: 'x@example.com' });
      default:
        if (method === 'GET' && url.pathname.startsWith('/payments/'))
          return fulfil(route, 404, { detail: 'Not found', code: 'NOT_FOUND' });
        return fulfil(route, 200, { message: 'ok' });
    }
  });
}
