import type { IconName } from '../ui/icons.js';

export interface AccountEntry {
  label: string;
  icon: IconName;
  to?: string;
  action?: 'tour' | 'signOut';
}

/** Shared by the account menu and the mobile slide-in menu, in the spec's order. */
export const ACCOUNT_ENTRIES: readonly AccountEntry[] = [
  { label: 'Dashboard', icon: 'chart', to: '/dashboard' },
  { label: 'Usage & Transactions', icon: 'credit', to: '/usage' },
  { label: 'Upgrade Plan', icon: 'zap', to: '/pricing' },
  { label: 'Settings', icon: 'settings', to: '/settings' },
  { label: 'Help & Tour', icon: 'help', action: 'tour' },
  { label: 'Sign Out', icon: 'logout', action: 'signOut' },
];
