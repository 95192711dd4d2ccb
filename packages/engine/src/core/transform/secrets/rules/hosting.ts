import type { SecretRule } from '../secret-rule.js';
import { UUID, anyCase, anyOf, assigned, prefixed, words } from '../regex-parts.js';

function named(name: string): string {
  return anyCase(name);
}

/** Hosting and platform providers, and backend-as-a-service. */
export const HOSTING_RULES: readonly SecretRule[] = [
  {
    id: 'digitalocean-token',
    description: 'DigitalOcean personal access token',
    keywords: ['dop_v1_'],
    pattern: prefixed('dop_v1_', '[a-f0-9]{64}'),
  },
  {
    id: 'digitalocean-oauth-token',
    description: 'DigitalOcean OAuth access token',
    keywords: ['doo_v1_'],
    pattern: prefixed('doo_v1_', '[a-f0-9]{64}'),
  },
  {
    id: 'digitalocean-refresh-token',
    description: 'DigitalOcean OAuth refresh token',
    keywords: ['dor_v1_'],
    pattern: prefixed('dor_v1_', '[a-f0-9]{64}'),
  },
  {
    id: 'heroku-api-key',
    description: 'Heroku API key (HRKU- tokens, or a UUID next to a Heroku name)',
    keywords: ['hrku-', 'heroku'],
    pattern: anyOf(prefixed('HRKU-', '[A-Za-z0-9_\\-]{60}'), assigned(named('heroku'), UUID)),
  },
  {
    id: 'cloudflare-api-token',
    description: 'Cloudflare API token',
    keywords: ['cloudflare', 'cf_api', 'cf-api'],
    pattern: assigned(`${named('cloudflare')}|CF_API|cf-api`, '[A-Za-z0-9_\\-]{40}'),
    minEntropy: 3.8,
  },
  {
    id: 'cloudflare-global-api-key',
    description: 'Cloudflare global API key',
    keywords: ['cloudflare', 'cf_api', 'cf-api', 'x-auth-key'],
    pattern: assigned(`${named('cloudflare')}|CF_API|cf-api|X-Auth-Key`, '[a-f0-9]{37}'),
    minEntropy: 3,
  },
  {
    id: 'cloudflare-origin-ca-key',
    description: 'Cloudflare Origin CA key',
    keywords: ['v1.0-'],
    pattern: prefixed('v1.0-', '[a-f0-9]{24}-[a-f0-9]{146}'),
  },
  {
    id: 'vercel-token',
    description: 'Vercel access token or API key',
    keywords: ['vercel', 'vcp_', 'vci_', 'vca_', 'vcr_', 'vck_'],
    pattern: anyOf(
      prefixed('vc', '[pikar]_[A-Za-z0-9]{24,64}'),
      assigned(named('vercel'), '[A-Za-z0-9]{24}'),
    ),
    minEntropy: 3.5,
  },
  {
    id: 'netlify-token',
    description: 'Netlify personal access token',
    keywords: ['nfp_', 'netlify'],
    pattern: anyOf(
      prefixed('nfp_', '[A-Za-z0-9]{36}'),
      assigned(named('netlify'), '[A-Za-z0-9_\\-]{40,46}'),
    ),
    minEntropy: 3.5,
  },
  {
    id: 'fly-io-token',
    description: 'Fly.io access token',
    keywords: ['fo1_', 'fm2_', 'fm1'],
    pattern: anyOf(
      prefixed('fo1_', '[A-Za-z0-9_\\-]{43}'),
      prefixed('fm', '[12][ar]?_[A-Za-z0-9+/=_\\-]{100,2048}'),
    ),
    minEntropy: 3.5,
    placeholders: 'words',
  },
  {
    id: 'linode-token',
    description: 'Linode (Akamai) personal access token',
    keywords: ['linode'],
    pattern: assigned(named('linode'), '[a-f0-9]{64}'),
    minEntropy: 3.5,
  },
  {
    id: 'render-api-key',
    description: 'Render API key',
    keywords: ['rnd_'],
    pattern: prefixed('rnd_', '[A-Za-z0-9]{32}'),
    minEntropy: 3.5,
  },
  {
    id: 'hetzner-api-token',
    description: 'Hetzner Cloud API token',
    keywords: ['hcloud', 'hetzner'],
    pattern: assigned(`${named('hcloud')}|${named('hetzner')}`, '[A-Za-z0-9]{64}'),
    minEntropy: 4,
  },
  {
    id: 'scaleway-secret-key',
    description: 'Scaleway secret key',
    keywords: ['scw_', 'scaleway'],
    pattern: assigned(`SCW_SECRET|${words('scaleway', 'secret')}`, UUID),
  },
  {
    id: 'supabase-access-token',
    description: 'Supabase personal access token',
    keywords: ['sbp_'],
    pattern: prefixed('sbp_', '[a-f0-9]{40}'),
  },
  {
    id: 'supabase-secret-key',
    description: 'Supabase secret API key',
    keywords: ['sb_secret_'],
    pattern: prefixed('sb_secret_', '[A-Za-z0-9_\\-]{30,64}'),
    minEntropy: 3.5,
  },
  {
    id: 'firebase-cloud-messaging-key',
    description: 'Firebase Cloud Messaging legacy server key',
    keywords: [':apa91b'],
    pattern: prefixed('AAAA', '[A-Za-z0-9_\\-]{7}:APA91b[A-Za-z0-9_\\-]{134}'),
    placeholders: 'words',
  },
  {
    id: 'planetscale-token',
    description: 'PlanetScale service token, OAuth token or password',
    keywords: ['pscale_'],
    pattern: prefixed('pscale_', '(?:tkn|oauth|pw)_[A-Za-z0-9_.\\-]{32,64}'),
    minEntropy: 3.5,
  },
];
