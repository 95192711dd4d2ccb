import { api } from './client.js';
import type {
  ApiKeyListResponse,
  AppStatus,
  CreateApiKeyRequest,
  CreatedApiKeyResponse,
  CheckoutOutcome,
  CheckoutResponse,
  CheckoutSession,
  CreditPack,
  JobListResponse,
  Plan,
  TransactionsResponse,
  WaitlistCount,
} from './types.js';
import type { TransactionsQuery } from '../lib/transactions.js';

export const JOBS_PAGE_SIZE = 25;

export const dataApi = {
  status: () => api.get<AppStatus>('/api/status', { anonymous: true }),
  jobs: (page: number, limit = JOBS_PAGE_SIZE) =>
    api.get<JobListResponse>('/api/jobs', { query: { page, limit } }),
  deleteJob: (id: string, digits: string) =>
    api.delete<unknown>(`/api/jobs/${encodeURIComponent(id)}`, {
      query: { confirmation_digits: digits },
    }),
  transactions: (query: TransactionsQuery) =>
    api.get<TransactionsResponse>('/payments/transactions', { query: { ...query } }),
  plans: async (): Promise<Plan[]> => {
    const body = await api.get<Plan[] | { plans: Plan[] }>('/payments/plans', { anonymous: true });
    return Array.isArray(body) ? body : body.plans;
  },
  tokenPacks: async (): Promise<CreditPack[]> => {
    const body = await api.get<CreditPack[] | { packs: CreditPack[] }>('/payments/token-packs', {
      anonymous: true,
    });
    return Array.isArray(body) ? body : body.packs;
  },
  subscription: () => api.get<Record<string, unknown> | null>('/payments/subscription'),
  subscriptionCheckout: (planType: string) =>
    api.post<CheckoutResponse>('/payments/subscription/checkout', { plan_type: planType }),
  packCheckout: (tokenAmount: number) =>
    api.post<CheckoutResponse>('/payments/token-pack/checkout', { token_amount: tokenAmount }),
  checkoutSession: (id: string) =>
    api.get<CheckoutSession>(`/payments/checkout-sessions/${encodeURIComponent(id)}`),
  completeCheckout: (id: string) =>
    api.post<CheckoutOutcome>(`/payments/checkout-sessions/${encodeURIComponent(id)}/complete`, {}),
  cancelCheckout: (id: string) =>
    api.post<CheckoutOutcome>(`/payments/checkout-sessions/${encodeURIComponent(id)}/cancel`, {}),
  joinWaitlist: (email: string) =>
    api.post<unknown>('/api/waitlist/', { email }, { anonymous: true }),
  apiKeys: () => api.get<ApiKeyListResponse>('/api/keys'),
  createApiKey: (request: CreateApiKeyRequest) =>
    api.post<CreatedApiKeyResponse>('/api/keys', request),
  revokeApiKey: (id: string) => api.delete<unknown>(`/api/keys/${encodeURIComponent(id)}`),
  waitlistCount: () => api.get<WaitlistCount>('/api/waitlist/count', { anonymous: true }),
};
