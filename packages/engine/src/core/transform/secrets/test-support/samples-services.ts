import type { SampleMaker } from './credential-sample.js';
import type { RandomText } from './random-text.js';
import { ALNUM, BASE64, DIGITS, LOWER, UPPER } from './random-text.js';

const URLSAFE = ALNUM + '-_';
const UPNUM = UPPER + DIGITS;

const tok =
  (name: string, prefix: string, body: (r: RandomText) => string): SampleMaker =>
  (r) => ({ name, prefix, body: body(r) });
const ctx =
  (name: string, body: (r: RandomText) => string, prefix?: string): SampleMaker =>
  (r) => ({ name, body: body(r), contextual: true, ...(prefix !== undefined && { prefix }) });

/** Payments, messaging, AI, observability and productivity services. */
export const SERVICE_SAMPLES: Record<string, SampleMaker> = {
  'stripe-secret-key': (r) => ({
    name: 'STRIPE_SECRET_KEY',
    prefix: 'sk_live_',
    body: r.alnum(99),
    negatives: [`"STRIPE_PUBLISHABLE_KEY": "pk_live_${r.alnum(99)}"`],
  }),
  'stripe-restricted-key': tok('STRIPE_RESTRICTED_KEY', 'rk_live_', (r) => r.alnum(99)),
  'stripe-webhook-secret': tok('STRIPE_WEBHOOK_SECRET', 'whsec_', (r) => r.alnum(32)),
  'square-access-token': tok('SQUARE_ACCESS_TOKEN', 'EAAA', (r) => r.from(URLSAFE, 60)),
  'square-oauth-secret': tok('SQUARE_APP_SECRET', 'sq0csp-', (r) => r.from(URLSAFE, 43)),
  'paypal-braintree-access-token': tok(
    'BRAINTREE_ACCESS_TOKEN',
    'access_token$production$',
    (r) => `${r.from(LOWER + DIGITS, 16)}$${r.hex(32)}`,
  ),
  'braintree-private-key': ctx('BRAINTREE_PRIVATE_KEY', (r) => r.hex(32)),
  'shopify-access-token': tok('SHOPIFY_ACCESS_TOKEN', 'shpat_', (r) => r.hex(32)),
  'shopify-shared-secret': tok('SHOPIFY_API_SECRET', 'shpss_', (r) => r.hex(32)),
  'plaid-access-token': tok('PLAID_ACCESS_TOKEN', 'access-sandbox-', (r) => r.uuid()),
  'flutterwave-secret-key': (r) => ({
    name: 'FLW_SECRET_KEY',
    prefix: 'FLWSECK-',
    body: r.hex(32),
    suffix: '-X',
  }),
  'shippo-api-token': tok('SHIPPO_API_TOKEN', 'shippo_live_', (r) => r.hex(40)),
  'easypost-api-key': tok('EASYPOST_API_KEY', 'EZAK', (r) => r.hex(54)),
  'duffel-api-token': tok('DUFFEL_ACCESS_TOKEN', 'duffel_live_', (r) => r.from(URLSAFE, 43)),
  'coinbase-api-secret': (r) => ({
    name: 'COINBASE_API_SECRET',
    body: r.from(BASE64, 62),
    suffix: '==',
    contextual: true,
  }),
  'slack-bot-token': tok(
    'SLACK_BOT_TOKEN',
    'xoxb-',
    (r) => `${r.from(DIGITS, 12)}-${r.from(DIGITS, 13)}-${r.alnum(24)}`,
  ),
  'slack-user-token': tok(
    'SLACK_USER_TOKEN',
    'xoxp-',
    (r) => `${r.from(DIGITS, 12)}-${r.from(DIGITS, 13)}-${r.from(DIGITS, 13)}-${r.hex(32)}`,
  ),
  'slack-app-token': tok(
    'SLACK_APP_TOKEN',
    'xapp-',
    (r) => `1-${r.from(UPNUM, 11)}-${r.from(DIGITS, 13)}-${r.hex(64)}`,
  ),
  'slack-config-token': tok('SLACK_CONFIG_TOKEN', 'xoxe.xoxp-', (r) => `1-${r.from(UPNUM, 163)}`),
  'slack-refresh-token': tok('SLACK_REFRESH_TOKEN', 'xoxe-', (r) => `1-${r.from(UPNUM, 146)}`),
  'slack-legacy-token': tok(
    'SLACK_LEGACY_TOKEN',
    'xoxs-',
    (r) => `${r.from(DIGITS, 10)}-${r.from(DIGITS, 12)}-${r.alnum(40)}`,
  ),
  'slack-webhook': (r) => ({
    name: 'SLACK_WEBHOOK_URL',
    before: 'https://hooks.slack.com/services/',
    body: `T${r.from(UPNUM, 10)}/B${r.from(UPNUM, 10)}/${r.alnum(24)}`,
  }),
  'discord-bot-token': ctx(
    'DISCORD_BOT_TOKEN',
    (r) => `M${r.from(URLSAFE, 25)}.${r.from(URLSAFE, 6)}.${r.from(URLSAFE, 38)}`,
  ),
  'discord-webhook': (r) => ({
    name: 'DISCORD_WEBHOOK_URL',
    before: `https://discord.com/api/webhooks/${r.from(DIGITS, 18)}/`,
    body: r.from(URLSAFE, 68),
  }),
  'telegram-bot-token': (r) => ({
    name: 'TELEGRAM_BOT_TOKEN',
    body: `${r.from(DIGITS, 10)}:AA${r.from(URLSAFE, 33)}`,
  }),
  'teams-webhook': (r) => ({
    name: 'TEAMS_WEBHOOK_URL',
    before: 'https://acme.webhook.office.com/webhookb2/',
    body: `${r.uuid()}@${r.uuid()}/IncomingWebhook/${r.hex(32)}/${r.uuid()}`,
  }),
  'google-chat-webhook': (r) => ({
    name: 'GOOGLE_CHAT_WEBHOOK',
    before: `https://chat.googleapis.com/v1/spaces/AAAA${r.alnum(7)}/messages?token=`,
    body: r.from(URLSAFE, 43),
    suffix: '%3D',
  }),
  'zapier-webhook': (r) => ({
    name: 'ZAPIER_HOOK_URL',
    before: 'https://hooks.zapier.com/hooks/catch/',
    body: `${r.from(DIGITS, 7)}/${r.from(LOWER + DIGITS, 7)}`,
    after: '/',
  }),
  'twilio-auth-token': ctx('TWILIO_AUTH_TOKEN', (r) => r.hex(32)),
  'twilio-api-secret': ctx('TWILIO_API_SECRET', (r) => r.alnum(32)),
  'sendgrid-api-key': tok(
    'SENDGRID_API_KEY',
    'SG.',
    (r) => `${r.from(URLSAFE, 22)}.${r.from(URLSAFE, 43)}`,
  ),
  'mailgun-api-key': tok('MAILGUN_API_KEY', 'key-', (r) => r.hex(32)),
  'mailchimp-api-key': (r) => ({ name: 'MAILCHIMP_API_KEY', body: r.hex(32), suffix: '-us14' }),
  'postmark-server-token': ctx('POSTMARK_SERVER_TOKEN', (r) => r.uuid()),
  'brevo-api-key': tok('BREVO_API_KEY', 'xkeysib-', (r) => `${r.hex(64)}-${r.alnum(16)}`),
  'resend-api-key': tok('RESEND_API_KEY', 're_', (r) => `${r.alnum(8)}_${r.alnum(24)}`),
  'mailjet-api-secret': ctx('MAILJET_API_SECRET', (r) => r.hex(32)),
  'twitter-bearer-token': tok('TWITTER_BEARER_TOKEN', 'A'.repeat(22), (r) =>
    r.from(ALNUM + '%', 90),
  ),
  'facebook-access-token': tok('FACEBOOK_ACCESS_TOKEN', 'EAA', (r) => r.alnum(180)),
  'facebook-app-secret': ctx('FACEBOOK_APP_SECRET', (r) => r.hex(32)),
  'openai-api-key': tok(
    'OPENAI_API_KEY',
    'sk-proj-',
    (r) => `${r.from(URLSAFE, 74)}T3BlbkFJ${r.from(URLSAFE, 74)}`,
  ),
  'anthropic-api-key': tok('ANTHROPIC_API_KEY', 'sk-ant-api03-', (r) => `${r.from(URLSAFE, 93)}AA`),
  'huggingface-token': tok('HF_TOKEN', 'hf_', (r) => r.from(UPPER + LOWER, 34)),
  'groq-api-key': tok('GROQ_API_KEY', 'gsk_', (r) => r.alnum(52)),
  'replicate-api-token': tok('REPLICATE_API_TOKEN', 'r8_', (r) => r.alnum(37)),
  'perplexity-api-key': tok('PERPLEXITY_API_KEY', 'pplx-', (r) => r.alnum(48)),
  'xai-api-key': tok('XAI_API_KEY', 'xai-', (r) => r.alnum(80)),
  'openrouter-api-key': tok('OPENROUTER_API_KEY', 'sk-or-v1-', (r) => r.hex(64)),
  'langsmith-api-key': tok('LANGSMITH_API_KEY', 'lsv2_pt_', (r) => `${r.hex(32)}_${r.hex(10)}`),
  'deepseek-api-key': ctx('DEEPSEEK_API_KEY', (r) => r.hex(32), 'sk-'),
  'cohere-api-key': ctx('COHERE_API_KEY', (r) => r.alnum(40)),
  'mistral-api-key': ctx('MISTRAL_API_KEY', (r) => r.alnum(32)),
  'pinecone-api-key': tok('PINECONE_API_KEY', 'pcsk_', (r) => `${r.alnum(5)}_${r.alnum(64)}`),
  'weights-and-biases-api-key': ctx('WANDB_API_KEY', (r) => r.hex(40)),
  'datadog-api-key': ctx('DD_API_KEY', (r) => r.hex(32)),
  'datadog-app-key': ctx('DD_APP_KEY', (r) => r.hex(40)),
  'new-relic-user-api-key': tok('NEW_RELIC_API_KEY', 'NRAK-', (r) => r.from(UPNUM, 27)),
  'new-relic-insert-key': tok('NEW_RELIC_INSERT_KEY', 'NRII-', (r) => r.from(URLSAFE, 32)),
  'new-relic-license-key': (r) => ({
    name: 'NEW_RELIC_LICENSE_KEY',
    body: r.hex(36),
    suffix: 'NRAL',
  }),
  'new-relic-browser-key': tok('NEW_RELIC_BROWSER_KEY', 'NRJS-', (r) => r.hex(19)),
  'sentry-dsn': (r) => ({
    name: 'SENTRY_DSN',
    before: 'https://',
    body: r.hex(32),
    after: `@o${r.from(DIGITS, 6)}.ingest.sentry.io/${r.from(DIGITS, 7)}`,
  }),
  'sentry-org-token': tok(
    'SENTRY_AUTH_TOKEN',
    'sntrys_eyJ',
    (r) => `${r.from(ALNUM, 120)}_${r.from(ALNUM, 43)}`,
  ),
  'sentry-user-token': tok('SENTRY_USER_TOKEN', 'sntryu_', (r) => r.hex(64)),
  'grafana-cloud-token': tok('GRAFANA_CLOUD_TOKEN', 'glc_', (r) => r.from(BASE64, 120)),
  'grafana-service-account-token': tok(
    'GRAFANA_SA_TOKEN',
    'glsa_',
    (r) => `${r.alnum(32)}_${r.hex(8)}`,
  ),
  'grafana-api-key': tok('GRAFANA_API_KEY', 'eyJrIjoi', (r) => r.alnum(90)),
  'dynatrace-token': tok(
    'DT_API_TOKEN',
    'dt0c01.',
    (r) => `${r.from(UPNUM, 24)}.${r.from(UPNUM, 64)}`,
  ),
  'honeycomb-api-key': ctx('HONEYCOMB_API_KEY', (r) => r.alnum(22)),
  'pagerduty-api-key': ctx('PAGERDUTY_API_KEY', (r) => r.from(ALNUM + '_+', 20)),
  'okta-api-token': ctx('OKTA_API_TOKEN', (r) => r.from(URLSAFE, 40), '00'),
  'auth0-client-secret': ctx('AUTH0_CLIENT_SECRET', (r) => r.from(URLSAFE, 64)),
  'snyk-token': ctx('SNYK_TOKEN', (r) => r.uuid()),
  'launchdarkly-key': tok('LAUNCHDARKLY_SDK_KEY', 'sdk-', (r) => r.uuid()),
  'onepassword-service-account-token': tok('OP_SERVICE_ACCOUNT_TOKEN', 'ops_eyJ', (r) =>
    r.from(BASE64, 400),
  ),
  'onepassword-secret-key': tok(
    'OP_SECRET_KEY',
    'A3-',
    (r) =>
      `${r.from(UPNUM, 6)}-${r.from(UPNUM, 11)}-${r.from(UPNUM, 5)}-${r.from(UPNUM, 5)}-${r.from(UPNUM, 5)}`,
  ),
  'cloudinary-url': (r) => ({
    name: 'CLOUDINARY_URL',
    before: `cloudinary://${r.from(DIGITS, 15)}:`,
    body: r.from(URLSAFE, 27),
    after: '@acme',
  }),
  'pusher-app-secret': ctx('PUSHER_APP_SECRET', (r) => r.hex(20)),
  'algolia-admin-key': (r) => ({
    name: 'ALGOLIA_ADMIN_KEY',
    body: r.hex(32),
    contextual: true,
    negatives: [`"ALGOLIA_SEARCH_KEY": "${r.hex(32)}"`],
  }),
  'segment-write-key': tok('SEGMENT_TOKEN', 'sgp_', (r) => r.alnum(64)),
  'atlassian-api-token': tok('JIRA_API_TOKEN', 'ATATT3', (r) => r.from(URLSAFE, 180)),
  'linear-api-key': tok('LINEAR_API_KEY', 'lin_api_', (r) => r.alnum(40)),
  'linear-oauth-token': tok('LINEAR_OAUTH_TOKEN', 'lin_oauth_', (r) => r.hex(64)),
  'notion-token': tok('NOTION_TOKEN', 'ntn_', (r) => `${r.from(DIGITS, 11)}${r.alnum(35)}`),
  'airtable-token': tok('AIRTABLE_TOKEN', 'pat', (r) => `${r.alnum(14)}.${r.hex(64)}`),
  'figma-token': tok('FIGMA_TOKEN', 'figd_', (r) => r.from(URLSAFE, 40)),
  'hubspot-private-app-token': tok('HUBSPOT_ACCESS_TOKEN', 'pat-na1-', (r) => r.uuid()),
  'salesforce-access-token': tok(
    'SF_ACCESS_TOKEN',
    '00D',
    (r) => `${r.alnum(15)}!${r.from(ALNUM + '._', 96)}`,
  ),
  'typeform-token': tok('TYPEFORM_TOKEN', 'tfp_', (r) => r.from(URLSAFE, 59)),
  'contentful-token': tok('CONTENTFUL_MANAGEMENT_TOKEN', 'CFPAT-', (r) => r.from(URLSAFE, 43)),
  'dropbox-access-token': tok('DROPBOX_ACCESS_TOKEN', 'sl.', (r) => r.from(URLSAFE, 140)),
  'mapbox-secret-token': (r) => ({
    name: 'MAPBOX_SECRET_TOKEN',
    prefix: 'sk.eyJ',
    body: `${r.alnum(60)}.${r.from(URLSAFE, 22)}`,
    negatives: [`"MAPBOX_PUBLIC_TOKEN": "pk.eyJ${r.alnum(60)}.${r.from(URLSAFE, 22)}"`],
  }),
  'readme-api-key': tok('README_API_KEY', 'rdme_', (r) => r.from(LOWER + DIGITS, 70)),
  'prefect-api-key': tok('PREFECT_API_KEY', 'pnu_', (r) => r.alnum(36)),
  'frameio-token': tok('FRAMEIO_TOKEN', 'fio-u-', (r) => r.from(URLSAFE, 64)),
  'adobe-client-secret': tok('ADOBE_CLIENT_SECRET', 'p8e-', (r) => r.alnum(32)),
  'intercom-access-token': (r) => ({
    name: 'INTERCOM_ACCESS_TOKEN',
    prefix: 'dG9rOj',
    body: r.from(ALNUM + '_', 54),
    suffix: '=',
    contextual: true,
  }),
  'zendesk-api-token': ctx('ZENDESK_API_TOKEN', (r) => r.alnum(40)),
  'asana-token': ctx('ASANA_ACCESS_TOKEN', (r) => `1/${r.from(DIGITS, 16)}:${r.hex(32)}`),
  'shopify-storefront-private-token': ctx('SHOPIFY_STOREFRONT_PRIVATE_TOKEN', (r) => r.hex(32)),
};
