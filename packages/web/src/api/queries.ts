import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchSampleBundle } from '../lib/sample-bundle.js';
import { loadTransactionTotals, type TransactionsQuery } from '../lib/transactions.js';
import { apiKeysApi } from './api-keys-api.js';
import { jobsApi } from './jobs-api.js';
import { modelsApi } from './models-api.js';
import { paymentsApi } from './payments-api.js';
import { statusApi } from './status-api.js';
import { waitlistApi } from './waitlist-api.js';
import type { StatusResponse } from '@repobundle/contract';

// Typed query hooks: pages read server data only through these.

export const queryKeys = {
  status: ['status'] as const,
  jobs: (page: number) => ['jobs', page] as const,
  transactions: (query: TransactionsQuery) => ['transactions', query] as const,
  transactionTotals: ['transactions', 'totals'] as const,
  plans: ['plans'] as const,
  packs: ['packs'] as const,
  subscription: ['subscription'] as const,
  waitlistCount: ['waitlist-count'] as const,
  sampleBundle: ['sample-bundle'] as const,
  apiKeys: ['api-keys'] as const,
  checkoutSession: (id: string) => ['checkout-session', id] as const,
  models: ['models'] as const,
};

/** The landing page's sample bundle: a static file of the build, the same for every visitor. */
export function useSampleBundle() {
  return useQuery({
    queryKey: queryKeys.sampleBundle,
    queryFn: fetchSampleBundle,
    staleTime: Infinity,
    retry: 1,
    refetchOnWindowFocus: false,
  });
}

export function useAppStatus() {
  return useQuery<StatusResponse>({
    queryKey: queryKeys.status,
    queryFn: statusApi.status,
    retry: 1,
    staleTime: 60_000,
    refetchOnWindowFocus: false,
  });
}

/** While a job on the page is still running, the list refreshes every 5 s to show it finish. */
export const RUNNING_JOBS_REFRESH_MS = 5_000;

export function useJobs(page: number, enabled = true) {
  return useQuery({
    queryKey: queryKeys.jobs(page),
    queryFn: () => jobsApi.list(page),
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.jobs.some((job) => job.status === 'pending' || job.status === 'processing')
        ? RUNNING_JOBS_REFRESH_MS
        : false,
  });
}

export function useTransactions(query: TransactionsQuery) {
  return useQuery({
    queryKey: queryKeys.transactions(query),
    queryFn: () => paymentsApi.transactions(query),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useTransactionTotals() {
  return useQuery({
    queryKey: queryKeys.transactionTotals,
    queryFn: () => loadTransactionTotals(paymentsApi.transactions),
    retry: false,
  });
}

export function usePlans() {
  return useQuery({
    queryKey: queryKeys.plans,
    queryFn: paymentsApi.plans,
    retry: false,
    staleTime: 300_000,
  });
}

export function usePacks() {
  return useQuery({
    queryKey: queryKeys.packs,
    queryFn: paymentsApi.tokenPacks,
    retry: false,
    staleTime: 300_000,
  });
}

export function useSubscription(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.subscription,
    queryFn: paymentsApi.subscription,
    enabled,
    retry: false,
  });
}

export function useWaitlistCount() {
  return useQuery({
    queryKey: queryKeys.waitlistCount,
    queryFn: async () => {
      try {
        return await waitlistApi.count();
      } catch (error) {
        // Spec: a count failure is only logged and no count is shown.
        console.error('Failed to load waitlist count', error);
        throw error;
      }
    },
    retry: false,
  });
}

/** The built-in test-mode checkout's order; read once, it does not change while shown. */
export function useCheckoutSession(sessionId: string) {
  return useQuery({
    queryKey: queryKeys.checkoutSession(sessionId),
    queryFn: () => paymentsApi.checkoutSession(sessionId),
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export function useApiKeys() {
  return useQuery({ queryKey: queryKeys.apiKeys, queryFn: apiKeysApi.list, retry: false });
}

/** The models a job may target, with tokenizer and context window: fixed for a deployment. */
export function useModels() {
  return useQuery({
    queryKey: queryKeys.models,
    queryFn: modelsApi.models,
    staleTime: Infinity,
    retry: 1,
    refetchOnWindowFocus: false,
  });
}
