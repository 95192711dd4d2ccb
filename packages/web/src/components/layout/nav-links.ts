export interface NavLinkSpec {
  to: string;
  label: string;
  show: 'always' | 'signedIn' | 'signedOut';
}

export const NAV_LINKS: readonly NavLinkSpec[] = [
  { to: '/', label: 'Home', show: 'always' },
  { to: '/dashboard', label: 'Dashboard', show: 'signedIn' },
  { to: '/usage', label: 'Usage', show: 'signedIn' },
  { to: '/pricing', label: 'Pricing', show: 'always' },
  { to: '/waitlist', label: 'Early Access', show: 'signedOut' },
  { to: '/settings', label: 'Settings', show: 'signedIn' },
];

export function visibleLinks(signedIn: boolean): NavLinkSpec[] {
  return NAV_LINKS.filter(
    (link) => link.show === 'always' || (link.show === 'signedIn') === signedIn,
  );
}
