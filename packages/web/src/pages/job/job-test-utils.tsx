import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { vi } from 'vitest';
import type { JobResponse } from '@repobundle/contract';
import type { User } from '../../api/types.js';
import { SessionContext, type Session } from '../../session/session-context.js';

// Shared by the job page's component tests: a job as the server answers it, a JSON response,
// and the providers a page needs.

export const JOB_ID = '3f2a9c1e-7b44-4d0e-9a51-0c2d4e6fab12';

export function makeJob(overrides: Partial<JobResponse> = {}): JobResponse {
  return {
    id: JOB_ID,
    job_id: JOB_ID,
    status: 'pending',
    source_name: 'shop.zip',
    error: null,
    errors: [],
    created_at: new Date(Date.now() - 5_000).toISOString(),
    started_at: null,
    finished_at: null,
    scheduled_deletion: null,
    total_files: 12,
    file_count: 12,
    line_count: 3400,
    output_format: 'md',
    remove_comments: false,
    compress: false,
    remove_blank_lines: false,
    show_line_numbers: false,
    chunking_strategy: 'fixed',
    token_limit: 128_000,
    chunk_overlap: 0,
    respect_gitignore: true,
    gitignore_content: null,
    custom_patterns: [],
    redact_secrets: true,
    notebook_processing: false,
    header_text: null,
    instruction_text: null,
    sort_by_changes: false,
    target_model: null,
    token_budget: null,
    fit_to_model: false,
    reserve_tokens: null,
    keep_patterns: [],
    focus: null,
    credit_type: 'monthly',
    reserved_credits: 2,
    actual_credits: null,
    progress: { stage: 'queued', percent: 0 },
    statistics: null,
    ...overrides,
  };
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function makeSession(overrides: Partial<Session> = {}): Session {
  const noop = async () => undefined;
  return {
    ready: true,
    user: { email: 'ada@example.com', role: 'free', credits_available: 90 } as User,
    settings: null,
    signedOutTo: null,
    login: noop,
    loginWithGoogle: noop,
    acceptTokens: noop,
    logout: () => undefined,
    refreshUser: vi.fn(noop),
    markWelcomeSeen: noop,
    ...overrides,
  };
}

export function Providers({ session, children }: { session?: Session; children: ReactNode }) {
  const [client] = useState(
    () => new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } }),
  );
  return (
    <QueryClientProvider client={client}>
      <SessionContext.Provider value={session ?? makeSession()}>{children}</SessionContext.Provider>
    </QueryClientProvider>
  );
}
