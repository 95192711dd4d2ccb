import type { MailMessage } from './mailer.js';

type Template = Omit<MailMessage, 'to'>;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** One layout for every message: the text part is the source, the HTML part mirrors it. */
function compose(subject: string, paragraphs: string[], action?: { label: string; url: string }) {
  const text = [
    ...paragraphs,
    ...(action ? [`${action.label}: ${action.url}`] : []),
    '— RepoBundle',
  ];
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5;color:#111">',
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    action
      ? `<p><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p>` +
        `<p style="font-size:12px;color:#555">${escapeHtml(action.url)}</p>`
      : '',
    '<p>— RepoBundle</p></body></html>',
  ].join('\n');
  return { subject, text: text.join('\n\n'), html };
}

export function verificationCodeMail(code: string): Template {
  return compose('Your RepoBundle verification code', [
    'Welcome to RepoBundle! Enter this code to verify your email address:',
    code,
    'The code expires in 10 minutes. If you did not create an account, ignore this email.',
  ]);
}

export function passwordResetMail(link: string): Template {
  return compose(
    'Reset your RepoBundle password',
    [
      'Someone asked to reset the password of your RepoBundle account.',
      'The link works once and expires in 1 hour. If it was not you, ignore this email.',
    ],
    { label: 'Reset your password', url: link },
  );
}

export function emailChangeCodeMail(code: string): Template {
  return compose('Confirm your new RepoBundle email', [
    'Enter this code in RepoBundle to confirm this address as your new sign-in email:',
    code,
    'The code expires in 10 minutes. If you did not ask for this, ignore this email.',
  ]);
}

export function waitlistJoinedMail(): Template {
  return compose("You're on the RepoBundle waitlist", [
    "Thanks for joining! You're on the early access list.",
    'We will email you when your access is ready, with launch pricing and bonus credits.',
  ]);
}
