import type { SecretRule } from '../secret-rule.js';
import { END, START, anyCase, assigned, prefixed } from '../regex-parts.js';

/** Payments and commerce. Publishable keys (pk_live_, pk.) are public by design: not matched. */
export const PAYMENT_RULES: readonly SecretRule[] = [
  {
    id: 'stripe-secret-key',
    description: 'Stripe secret key (live or test)',
    keywords: ['sk_live_', 'sk_test_'],
    pattern: prefixed('sk_', '(?:live|test)_[A-Za-z0-9]{24,247}'),
    minEntropy: 3.5,
  },
  {
    id: 'stripe-restricted-key',
    description: 'Stripe restricted API key',
    keywords: ['rk_live_', 'rk_test_'],
    pattern: prefixed('rk_', '(?:live|test)_[A-Za-z0-9]{24,247}'),
    minEntropy: 3.5,
  },
  {
    id: 'stripe-webhook-secret',
    description: 'Stripe webhook signing secret',
    keywords: ['whsec_'],
    pattern: prefixed('whsec_', '[A-Za-z0-9+/=]{32,64}'),
    minEntropy: 3.5,
  },
  {
    id: 'square-access-token',
    description: 'Square access token',
    keywords: ['eaaa', 'sq0atp-'],
    pattern: new RegExp(`${START}(EAAA[A-Za-z0-9_\\-]{60}|sq0atp-[A-Za-z0-9_\\-]{22})${END}`),
    minEntropy: 3.5,
  },
  {
    id: 'square-oauth-secret',
    description: 'Square OAuth application secret',
    keywords: ['sq0csp-'],
    pattern: prefixed('sq0csp-', '[A-Za-z0-9_\\-]{43}'),
  },
  {
    id: 'paypal-braintree-access-token',
    description: 'PayPal / Braintree access token',
    keywords: ['access_token$'],
    pattern: prefixed('access_token$', '(?:production|sandbox)\\$[a-z0-9]{16}\\$[a-f0-9]{32}'),
  },
  {
    id: 'braintree-private-key',
    description: 'Braintree API private key next to its name',
    keywords: ['braintree'],
    pattern: assigned(
      `${anyCase('braintree')}[\\w.\\-]{0,24}?${anyCase('private')}`,
      '[a-f0-9]{32}',
    ),
    minEntropy: 3,
  },
  {
    id: 'shopify-access-token',
    description: 'Shopify Admin API, custom app or private app access token',
    keywords: ['shpat_', 'shpca_', 'shppa_'],
    pattern: prefixed('shp', '(?:at|ca|pa)_[a-fA-F0-9]{32}'),
  },
  {
    id: 'shopify-shared-secret',
    description: 'Shopify app shared secret',
    keywords: ['shpss_'],
    pattern: prefixed('shpss_', '[a-fA-F0-9]{32}'),
  },
  {
    id: 'plaid-access-token',
    description: 'Plaid access token',
    keywords: ['access-production-', 'access-sandbox-', 'access-development-'],
    pattern: prefixed(
      'access-',
      '(?:production|sandbox|development)-[a-f0-9]{8}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{12}',
    ),
  },
  {
    id: 'flutterwave-secret-key',
    description: 'Flutterwave secret key',
    keywords: ['flwseck'],
    pattern: new RegExp(`${START}(FLWSECK(?:_TEST)?-[a-f0-9]{32}-X)${END}`),
  },
  {
    id: 'shippo-api-token',
    description: 'Shippo API token',
    keywords: ['shippo_'],
    pattern: prefixed('shippo_', '(?:live|test)_[a-f0-9]{40}'),
  },
  {
    id: 'easypost-api-key',
    description: 'EasyPost production or test API key',
    keywords: ['ezak', 'eztk'],
    pattern: new RegExp(`${START}(EZ[AT]K[a-f0-9]{54})${END}`),
  },
  {
    id: 'duffel-api-token',
    description: 'Duffel API token',
    keywords: ['duffel_'],
    pattern: prefixed('duffel_', '(?:test|live)_[A-Za-z0-9_\\-]{43}'),
  },
  {
    id: 'coinbase-api-secret',
    description: 'Coinbase / CDP API secret next to its name',
    keywords: ['coinbase'],
    pattern: assigned(
      `${anyCase('coinbase')}[\\w.\\-]{0,24}?${anyCase('secret')}`,
      '[A-Za-z0-9+/]{32,88}={0,2}',
    ),
    minEntropy: 4,
  },
];
