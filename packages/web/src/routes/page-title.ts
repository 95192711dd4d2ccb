import { useEffect } from 'react';
import { useLocation } from 'react-router';

const APP = 'RepoBundle';

/** Each page's own title, so tabs, history and bookmarks tell pages apart. */
const TITLES: Record<string, string> = {
  '': 'RepoBundle: your code as AI-ready bundles',
  auth: 'Sign in',
  verify: 'Verify your e-mail',
  'forgot-password': 'Forgot password',
  'reset-password': 'Reset password',
  pricing: 'Pricing',
  waitlist: 'Waitlist',
  success: 'Payment complete',
  cancel: 'Payment cancelled',
  terms: 'Terms of service',
  privacy: 'Privacy policy',
  'coming-soon': 'Coming soon',
  dashboard: 'Dashboard',
  usage: 'Usage and credits',
  settings: 'Settings',
  upload: 'New job',
  checkout: 'Checkout',
  demo: 'Try it in your browser',
};

export function pageTitle(pathname: string): string {
  const [first = '', second] = pathname.replace(/^\/+/, '').split('/');
  if (first === '') return TITLES['']!;
  if (first === 'jobs' && second) return `Job ${second.slice(0, 8)} · ${APP}`;
  const title = TITLES[first];
  return title ? `${title} · ${APP}` : `Page not found · ${APP}`;
}

export function usePageTitle(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = pageTitle(pathname);
  }, [pathname]);
}
