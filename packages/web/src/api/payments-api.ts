import type { TransactionsQuery } from '../lib/transactions.js';
import { api } from './client.js';
import type {
  CheckoutOutcome,
  CheckoutResponse,
  CheckoutSession,
  CreditPack,
  TransactionsResponse,
} from '@repobundle/contract';
import type { Plan } from '@repobundle/contract';

const checkoutPath = (id: string) => `/payments/checkout-sessions/${encodeURIComponent(id)}`;

export const paymentsApi = {
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
  checkoutSession: (id: string) => api.get<CheckoutSession>(checkoutPath(id)),
  completeCheckout: (id: string) => api.post<CheckoutOutcome>(`${checkoutPath(id)}/complete`, {}),
  cancelCheckout: (id: string) => api.post<CheckoutOutcome>(`${checkoutPath(id)}/cancel`, {}),
};
