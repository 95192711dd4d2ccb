import type { SecretRule } from '../secret-rule.js';
import { END, START, UUID, anyCase, anyOf, assigned, prefixed } from '../regex-parts.js';

/** Productivity, content, design and business SaaS. */
export const PRODUCTIVITY_RULES: readonly SecretRule[] = [
  {
    id: 'atlassian-api-token',
    description: 'Atlassian (Jira, Confluence) API token',
    keywords: ['atatt3', 'atlassian', 'jira', 'confluence'],
    pattern: anyOf(
      prefixed('ATATT3', '[A-Za-z0-9_\\-=]{150,250}'),
      assigned(
        `${anyCase('atlassian')}|${anyCase('jira')}|${anyCase('confluence')}`,
        '[A-Za-z0-9]{24}',
      ),
    ),
    minEntropy: 3.5,
  },
  {
    id: 'linear-api-key',
    description: 'Linear personal API key',
    keywords: ['lin_api_'],
    pattern: prefixed('lin_api_', '[A-Za-z0-9]{40}'),
  },
  {
    id: 'linear-oauth-token',
    description: 'Linear OAuth access token',
    keywords: ['lin_oauth_'],
    pattern: prefixed('lin_oauth_', '[a-f0-9]{64}'),
  },
  {
    id: 'notion-token',
    description: 'Notion integration token',
    keywords: ['ntn_', 'secret_'],
    pattern: anyOf(
      prefixed('ntn_', '[0-9]{11}[A-Za-z0-9]{35}'),
      prefixed('secret_', '[A-Za-z0-9]{43}'),
    ),
    minEntropy: 3.8,
  },
  {
    id: 'airtable-token',
    description: 'Airtable personal access token, or legacy API key next to an Airtable name',
    keywords: ['pat', 'airtable'],
    pattern: anyOf(
      new RegExp(`${START}(pat[A-Za-z0-9]{14}\\.[a-f0-9]{64})${END}`),
      assigned(anyCase('airtable'), 'key[A-Za-z0-9]{14}'),
    ),
    minEntropy: 3.5,
  },
  {
    id: 'figma-token',
    description: 'Figma personal access token',
    keywords: ['figd_'],
    pattern: prefixed('figd_', '[A-Za-z0-9_\\-]{40}'),
  },
  {
    id: 'hubspot-private-app-token',
    description: 'HubSpot private app access token',
    keywords: ['pat-na1-', 'pat-eu1-'],
    pattern: prefixed('pat-', `(?:na|eu)1-${UUID}`),
  },
  {
    id: 'salesforce-access-token',
    description: 'Salesforce session / access token',
    keywords: ['00d'],
    pattern: new RegExp(`${START}(00D[A-Za-z0-9]{12,15}![A-Za-z0-9._]{80,200})${END}`),
    minEntropy: 4,
  },
  {
    id: 'typeform-token',
    description: 'Typeform personal access token',
    keywords: ['tfp_'],
    pattern: prefixed('tfp_', '[A-Za-z0-9_\\-.]{59}'),
  },
  {
    id: 'contentful-token',
    description: 'Contentful personal access token',
    keywords: ['cfpat-'],
    pattern: prefixed('CFPAT-', '[A-Za-z0-9_\\-]{43}'),
  },
  {
    id: 'dropbox-access-token',
    description: 'Dropbox short-lived access token',
    keywords: ['sl.'],
    pattern: prefixed('sl.', '(?:u\\.)?[A-Za-z0-9_\\-]{130,1400}'),
    minEntropy: 4,
  },
  {
    id: 'mapbox-secret-token',
    description: 'Mapbox secret access token (sk.; pk. tokens are public)',
    keywords: ['sk.eyj'],
    pattern: prefixed('sk.eyJ', '[A-Za-z0-9_\\-]{30,300}\\.[A-Za-z0-9_\\-]{20,64}'),
  },
  {
    id: 'readme-api-key',
    description: 'ReadMe API key',
    keywords: ['rdme_'],
    pattern: prefixed('rdme_', '[a-z0-9]{70}'),
  },
  {
    id: 'prefect-api-key',
    description: 'Prefect Cloud API key',
    keywords: ['pnu_'],
    pattern: prefixed('pnu_', '[A-Za-z0-9]{36}'),
    minEntropy: 3.8,
  },
  {
    id: 'frameio-token',
    description: 'Frame.io developer token',
    keywords: ['fio-u-'],
    pattern: prefixed('fio-u-', '[A-Za-z0-9_=\\-]{64}'),
  },
  {
    id: 'adobe-client-secret',
    description: 'Adobe developer console client secret',
    keywords: ['p8e-'],
    pattern: prefixed('p8e-', '[A-Za-z0-9]{32}'),
    minEntropy: 3.8,
  },
  {
    id: 'intercom-access-token',
    description: 'Intercom access token next to its name',
    keywords: ['intercom'],
    pattern: assigned(anyCase('intercom'), 'dG9rOj[A-Za-z0-9_=]{40,80}'),
  },
  {
    id: 'zendesk-api-token',
    description: 'Zendesk API token next to its name',
    keywords: ['zendesk'],
    pattern: assigned(anyCase('zendesk'), '[A-Za-z0-9]{40}'),
    minEntropy: 4,
  },
  {
    id: 'asana-token',
    description: 'Asana personal access token',
    keywords: ['asana'],
    pattern: assigned(anyCase('asana'), '[0-9]/[0-9]{16}:[a-f0-9]{32}'),
  },
  {
    id: 'shopify-storefront-private-token',
    description: 'Shopify Storefront private access token next to its name',
    keywords: ['storefront'],
    pattern: assigned(
      `${anyCase('storefront')}[\\w.\\-]{0,24}?${anyCase('private')}`,
      '[a-f0-9]{32}',
    ),
    minEntropy: 3,
  },
];
