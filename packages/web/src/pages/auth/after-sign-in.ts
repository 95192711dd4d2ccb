import { isDemoHandoffPending } from '../../lib/demo-handoff-pending.js';

/**
 * Where a person goes once signed in: the page that sent them to sign in; else, with files
 * chosen on /demo waiting, the upload page; else the dashboard.
 */
export function afterSignInPath(state: unknown): string {
  const from = (state as { from?: { pathname?: unknown; search?: unknown } } | null)?.from;
  if (from && typeof from.pathname === 'string' && from.pathname !== '/auth') {
    return `${from.pathname}${typeof from.search === 'string' ? from.search : ''}`;
  }
  return isDemoHandoffPending() ? '/upload' : '/dashboard';
}
