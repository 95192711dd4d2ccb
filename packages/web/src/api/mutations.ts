import { useMutation, useQueryClient } from '@tanstack/react-query';
import { jobKeys } from './job-queries.js';
import { apiKeysApi } from './api-keys-api.js';
import { jobsApi } from './jobs-api.js';
import { paymentsApi } from './payments-api.js';
import { queryKeys } from './queries.js';
import { waitlistApi } from './waitlist-api.js';
import type { CreateApiKeyRequest } from '@repobundle/contract';

// Typed mutation hooks: pages change server data only through these, and read busy and error
// state from them instead of keeping their own. Each hook refreshes the queries its change
// makes stale; what the page does next (navigate, toast) stays with the page.

/** Deletes a job once the person typed the last characters of its id (the server compares). */
export function useDeleteJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, digits }: { id: string; digits: string }) => jobsApi.remove(id, digits),
    // Awaited: the dashboard's list no longer shows the job once the deletion resolves.
    onSuccess: async (_result, { id }) => {
      queryClient.removeQueries({ queryKey: jobKeys.job(id) });
      await queryClient.invalidateQueries({ queryKey: ['jobs'] });
    },
  });
}

/** The job's outputs as one ZIP, for the browser to save. */
export function useDownloadJob() {
  return useMutation({ mutationFn: (id: string) => jobsApi.download(id) });
}

/** A checkout for a subscription plan ("pro_monthly") or a credit pack (its token amount). */
export type CheckoutRequest = { plan: string } | { packTokens: number };

export function useStartCheckout() {
  return useMutation({
    mutationFn: (request: CheckoutRequest) =>
      'plan' in request
        ? paymentsApi.subscriptionCheckout(request.plan)
        : paymentsApi.packCheckout(request.packTokens),
  });
}

/** Completes (pays) or cancels the built-in test-mode checkout. */
export function useFinishCheckout(sessionId: string) {
  return useMutation({
    mutationFn: (action: 'pay' | 'cancel') =>
      action === 'pay'
        ? paymentsApi.completeCheckout(sessionId)
        : paymentsApi.cancelCheckout(sessionId),
  });
}

export function useJoinWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => waitlistApi.join(email),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.waitlistCount }),
  });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateApiKeyRequest) => apiKeysApi.create(request),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiKeysApi.revoke(id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys }),
  });
}
