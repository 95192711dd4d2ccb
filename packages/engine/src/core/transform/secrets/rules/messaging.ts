import type { SecretRule } from '../secret-rule.js';
import { END, START, UUID, anyCase, anyOf, assigned, prefixed } from '../regex-parts.js';

function slack(id: string, description: string, prefix: string, body: string): SecretRule {
  return { id, description, keywords: [prefix.toLowerCase()], pattern: prefixed(prefix, body) };
}

/** Chat, e-mail, SMS and social platforms, and their webhooks. */
export const MESSAGING_RULES: readonly SecretRule[] = [
  slack(
    'slack-bot-token',
    'Slack bot token',
    'xoxb-',
    '[0-9]{8,13}-[0-9]{8,13}-[A-Za-z0-9]{24,34}',
  ),
  slack(
    'slack-user-token',
    'Slack user token',
    'xoxp-',
    '[0-9]{8,13}-[0-9]{8,13}-[0-9]{8,13}-[a-f0-9]{32}',
  ),
  slack(
    'slack-app-token',
    'Slack app-level token',
    'xapp-',
    '\\d-[A-Z0-9]{9,12}-\\d{10,13}-[a-f0-9]{64}',
  ),
  slack(
    'slack-config-token',
    'Slack app configuration token',
    'xoxe.xox',
    '[bp]-\\d-[A-Z0-9]{140,180}',
  ),
  slack(
    'slack-refresh-token',
    'Slack configuration refresh token',
    'xoxe-',
    '\\d-[A-Z0-9]{140,160}',
  ),
  {
    id: 'slack-legacy-token',
    description: 'Slack legacy, workspace or OAuth token (xoxa, xoxr, xoxs, xoxo)',
    keywords: ['xoxa-', 'xoxr-', 'xoxs-', 'xoxo-'],
    pattern: new RegExp(`${START}(xox[aors]-(?:\\d+-){1,4}[A-Za-z0-9]{10,64})${END}`),
  },
  {
    id: 'slack-webhook',
    description: 'Slack incoming webhook, workflow or trigger URL (its secret path)',
    keywords: ['hooks.slack.com'],
    pattern: new RegExp(
      String.raw`hooks\.slack\.com/(?:services/(T[A-Z0-9]{8,12}/B[A-Z0-9]{8,12}/[A-Za-z0-9]{24})|(?:workflows|triggers)/([A-Za-z0-9+/]{40,120}))${END}`,
    ),
  },
  {
    id: 'discord-bot-token',
    description: 'Discord bot token next to a Discord or bot name',
    keywords: ['discord', 'bot'],
    pattern: assigned(
      `${anyCase('discord')}|${anyCase('bot')}`,
      '[MNO][A-Za-z0-9_\\-]{23,27}\\.[A-Za-z0-9_\\-]{6}\\.[A-Za-z0-9_\\-]{27,38}',
    ),
  },
  {
    id: 'discord-webhook',
    description: 'Discord webhook URL (its token)',
    keywords: ['/api/webhooks/'],
    pattern: new RegExp(
      String.raw`discord(?:app)?\.com/api/webhooks/\d{17,20}/([A-Za-z0-9_\-]{60,68})${END}`,
    ),
  },
  {
    id: 'telegram-bot-token',
    description: 'Telegram Bot API token',
    keywords: [':aa'],
    pattern: new RegExp(`(?<![0-9])(\\d{8,10}:AA[A-Za-z0-9_\\-]{33})${END}`),
    minEntropy: 3.5,
  },
  {
    id: 'teams-webhook',
    description: 'Microsoft Teams / Office 365 incoming webhook URL (its path)',
    keywords: ['webhook.office.com'],
    pattern: /\.webhook\.office\.com\/webhookb2\/([A-Za-z0-9@/-]{100,300})/,
  },
  {
    id: 'google-chat-webhook',
    description: 'Google Chat incoming webhook token',
    keywords: ['chat.googleapis.com'],
    pattern:
      /chat\.googleapis\.com\/v1\/spaces\/[\w-]+\/messages\?[^\s"']*?token=([A-Za-z0-9_\-%=]{40,64})/,
  },
  {
    id: 'zapier-webhook',
    description: 'Zapier catch hook URL (its secret path)',
    keywords: ['hooks.zapier.com'],
    pattern: /hooks\.zapier\.com\/hooks\/catch\/(\d+\/[a-z0-9]{5,10})/,
  },
  {
    id: 'twilio-auth-token',
    description: 'Twilio auth token next to a Twilio name',
    keywords: ['twilio'],
    pattern: assigned(anyCase('twilio'), '[a-f0-9]{32}'),
    minEntropy: 3,
  },
  {
    id: 'twilio-api-secret',
    description: 'Twilio API key secret next to a Twilio name',
    keywords: ['twilio'],
    pattern: assigned(
      `${anyCase('twilio')}[\\w.\\-]{0,24}?${anyCase('secret')}`,
      '[A-Za-z0-9]{32}',
    ),
    minEntropy: 3.5,
  },
  {
    id: 'sendgrid-api-key',
    description: 'SendGrid API key',
    keywords: ['sg.'],
    pattern: prefixed('SG.', '[A-Za-z0-9_\\-]{22}\\.[A-Za-z0-9_\\-]{43}'),
  },
  {
    id: 'mailgun-api-key',
    description: 'Mailgun API key (key-..., or the newer form next to a Mailgun name)',
    keywords: ['key-', 'mailgun'],
    pattern: anyOf(
      prefixed('key-', '[a-f0-9]{32}'),
      assigned(anyCase('mailgun'), '[a-f0-9]{32}-[a-f0-9]{8}-[a-f0-9]{8}'),
    ),
    minEntropy: 3,
  },
  {
    id: 'mailchimp-api-key',
    description: 'Mailchimp (Intuit) API key',
    keywords: ['-us'],
    pattern: new RegExp(`${START}([a-f0-9]{32}-us\\d{1,2})${END}`),
    minEntropy: 3,
  },
  {
    id: 'postmark-server-token',
    description: 'Postmark server or account token next to a Postmark name',
    keywords: ['postmark'],
    pattern: assigned(anyCase('postmark'), UUID),
  },
  {
    id: 'brevo-api-key',
    description: 'Brevo (Sendinblue) API or SMTP key',
    keywords: ['xkeysib-', 'xsmtpsib-'],
    pattern: new RegExp(`${START}(x(?:keysib|smtpsib)-[a-f0-9]{64}-[A-Za-z0-9]{16})${END}`),
  },
  {
    id: 'resend-api-key',
    description: 'Resend API key',
    keywords: ['re_'],
    pattern: prefixed('re_', '[A-Za-z0-9]{8}_[A-Za-z0-9]{24}'),
    minEntropy: 3.5,
  },
  {
    id: 'mailjet-api-secret',
    description: 'Mailjet API secret next to a Mailjet name',
    keywords: ['mailjet', 'mj_apikey_private'],
    pattern: assigned(
      `${anyCase('mailjet')}[\\w.\\-]{0,24}?${anyCase('secret')}|MJ_APIKEY_PRIVATE`,
      '[a-f0-9]{32}',
    ),
    minEntropy: 3,
  },
  {
    id: 'twitter-bearer-token',
    description: 'Twitter / X API bearer token',
    keywords: ['aaaaaaaaaaaaaaaaaaaaa'],
    pattern: new RegExp(`${START}(A{22}[A-Za-z0-9%]{80,140})${END}`),
    placeholders: 'none',
    validate: (secret) => /[a-z]/.test(secret) && /[0-9]/.test(secret),
  },
  {
    id: 'facebook-access-token',
    description: 'Facebook / Meta Graph API access token',
    keywords: ['eaa'],
    pattern: new RegExp(`${START}(EAA[A-Za-z0-9]{100,400})${END}`),
    minEntropy: 4,
  },
  {
    id: 'facebook-app-secret',
    description: 'Facebook / Meta app secret next to its name',
    keywords: ['facebook', 'fb_app', 'fb_secret', 'meta_app'],
    pattern: assigned(
      `(?:${anyCase('facebook')}|FB|${anyCase('meta')})[\\w.\\-]{0,24}?${anyCase('secret')}`,
      '[a-f0-9]{32}',
    ),
    minEntropy: 3,
  },
];
