/** A repository to clone: the URL git is given, and the ref named in the URL, if any. */
export interface RemoteSource {
  readonly url: string;
  /** From a `/tree/<ref>` web address; `--ref` takes precedence. */
  readonly ref: string | undefined;
  /** What the overview calls the source: `owner/repo`, or the host's path without `.git`. */
  readonly name: string;
  /** Read from `owner/repo`, which might also have been a mistyped local path. */
  readonly shorthand: boolean;
}

/** The GitHub shorthand: an owner (letters, digits, hyphens) and a repository name. */
const SHORTHAND = /^([A-Za-z0-9][A-Za-z0-9-]{0,38})\/([A-Za-z0-9._-]{1,100})$/;
/** `user@host:path`, git's scp-like syntax for ssh. */
const SCP_LIKE = /^([A-Za-z0-9._-]+@)?([A-Za-z0-9.-]+):([^\s/\\][^\s\\]*)$/;
const SCHEMES = new Set(['https:', 'http:', 'git:', 'ssh:']);

/** `repo.git` -> `repo`, and the last two path segments as `owner/repo`. */
function nameOfPath(path: string): string {
  const segments = path.split('/').filter((segment) => segment !== '');
  return segments
    .slice(-2)
    .join('/')
    .replace(/\.git$/, '');
}

/**
 * Reads `text` as a remote repository, or returns undefined when it is not one (a local path).
 * Accepted: https/http/git/ssh URLs, GitHub's `/tree/<ref>` web addresses, `git@host:owner/repo`,
 * and `owner/repo` (GitHub). The caller checks first that no local path of that name exists.
 */
export function parseRemoteSource(text: string): RemoteSource | undefined {
  // Nothing that starts with "-" reaches git's command line as an argument.
  if (text.startsWith('-') || /[\s\0]/.test(text)) return undefined;
  const shorthand = SHORTHAND.exec(text);
  if (shorthand && shorthand[2] !== '.' && shorthand[2] !== '..') {
    const repo = (shorthand[2] as string).replace(/\.git$/, '');
    return {
      url: `https://github.com/${shorthand[1]}/${repo}.git`,
      ref: undefined,
      name: `${shorthand[1]}/${repo}`,
      shorthand: true,
    };
  }
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(text)) return parseUrl(text);
  const scp = SCP_LIKE.exec(text);
  // One letter before the colon is a Windows drive (C:path), not a host.
  if (scp && (scp[2] as string).length > 1) {
    return { url: text, ref: undefined, name: nameOfPath(scp[3] as string), shorthand: false };
  }
  return undefined;
}

function parseUrl(text: string): RemoteSource | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (!SCHEMES.has(url.protocol) || url.hostname === '') return undefined;
  const tree = /^\/([^/]+)\/([^/]+)\/tree\/(.+?)\/?$/.exec(url.pathname);
  if (tree && (url.protocol === 'https:' || url.protocol === 'http:')) {
    const repo = (tree[2] as string).replace(/\.git$/, '');
    return {
      url: `${url.origin}/${tree[1]}/${repo}.git`,
      ref: decodeURIComponent(tree[3] as string),
      name: `${tree[1]}/${repo}`,
      shorthand: false,
    };
  }
  return {
    url: text,
    ref: undefined,
    name: nameOfPath(url.pathname) || url.hostname,
    shorthand: false,
  };
}

/** A full commit id (SHA-1 or SHA-256): fetched by id rather than cloned by name. */
export function isCommitId(ref: string): boolean {
  return /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/i.test(ref);
}

/**
 * A branch, tag or commit as git allows it to be named (the rules of `git check-ref-format`),
 * and never something git could read as an option.
 */
export function isValidRef(ref: string): boolean {
  if (ref === '' || ref.length > 255 || ref.startsWith('-') || ref === '@') return false;
  if ([...ref].some((char) => char <= ' ' || char === '\x7f')) return false;
  if (/[~^:?*[\\]/.test(ref)) return false;
  if (ref.includes('..') || ref.includes('@{') || ref.includes('//')) return false;
  if (ref.startsWith('/') || ref.endsWith('/') || ref.endsWith('.')) return false;
  return ref.split('/').every((part) => !part.startsWith('.') && !part.endsWith('.lock'));
}
