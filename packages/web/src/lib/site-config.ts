// Static site facts shown in the footer, FAQ and error hints.
export const SUPPORT_EMAIL = 'support@repobundle.dev';
export const SOCIAL_URL = 'https://github.com/repobundle';
export const PRODUCT_NAME = 'RepoBundle';
export const WAITLIST_FLAG_KEY = 'waitlist_required';
export const WELCOME_MODAL_DELAY_MS = 2_000;
export const RESEND_COUNTDOWN_S = 60;
export const STATUS_MESSAGE_MS = 5_000;
