// What a variable's name says about its value, for the name-based rules: `passwordMinLength`,
// `token_type`, `nextPageToken` and `publicKey` name things that are not credentials.

/** `nextPageToken`, `DB_PASSWORD_FILE` -> lower-case words. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1_$2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
}

/** Words after the keyword that describe the secret rather than hold it. */
const DESCRIPTIVE = new Set(
  (
    'type field label hint placeholder regex pattern policy length len min max count url uri endpoint ' +
    'path file dir name prefix suffix header param env var id ids hash hashed digest sha expiry ' +
    'expiration expire expires expired ttl timeout lifetime limit enabled required mode format ' +
    'strength error message msg reset changed updated created at date time last used version ' +
    'schema store provider manager service class module helper factory input ref arn source ' +
    'location cache index size kind usage visible visibility generator validator rule rules ' +
    'prompt confirm confirmation field key_name keyname loader parser endpoint'
  ).split(' '),
);

/** Words before the keyword that make it something else (paging cursors, counters, flags). */
const NOT_A_CREDENTIAL_BEFORE = new Set(
  (
    'next page paging pagination continuation continue change request idempotency sync ' +
    'cancellation cancel resume cursor action max min num count total hashed hash is has no show ' +
    'use with without forgot reset expired invalid'
  ).split(' '),
);

/** Before `token` only: ids of devices and requests rather than credentials (AWS ClientToken). */
const NOT_A_CREDENTIAL_TOKEN = new Set([
  'client',
  'device',
  'push',
  'registration',
  'notification',
]);

/** Keys that are public by design: shipped to browsers, meant to be seen. */
const PUBLIC_WORDS = new Set(['public', 'publishable']);
export const PUBLIC_VALUE = /^(?:pk_(?:live|test)_|pk\.eyJ|sb_publishable_)/;

/** The part of the name after the keyword must end the word or start a new one (camelCase, `_`). */
function tailStartsNewWord(keyword: string, tail: string): boolean {
  if (tail.length === 0) return true;
  const first = tail[0] ?? '';
  const keywordIsUpper = keyword === keyword.toUpperCase();
  const plural = /^[sS](?:$|[_.\-A-Z])/.test(tail);
  return plural || /[_.\-0-9]/.test(first) || (!keywordIsUpper && /[A-Z]/.test(first));
}

/**
 * True when `head + keyword + tail` names a credential: the keyword is a word of its own, no
 * word after it describes the value, no word before it makes it a cursor or a flag, and it is
 * not a public key.
 */
export function namesCredential(
  head: string,
  keyword: string,
  tail: string,
  isToken = false,
): boolean {
  if (!tailStartsNewWord(keyword, tail)) return false;
  const after = nameWords(tail.replace(/^[sS](?=$|[_.\-A-Z])/, ''));
  const before = nameWords(head);
  if (after.some((word) => DESCRIPTIVE.has(word))) return false;
  const previous = before[before.length - 1] ?? '';
  if (NOT_A_CREDENTIAL_BEFORE.has(previous) || (isToken && NOT_A_CREDENTIAL_TOKEN.has(previous)))
    return false;
  return ![...before, ...after].some((word) => PUBLIC_WORDS.has(word));
}
