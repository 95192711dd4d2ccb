/** Sending a token in clear text is only acceptable when it never leaves the machine. */
function canCarryToken(url: URL): boolean {
  if (url.protocol === 'https:') return true;
  const loopback = ['localhost', '127.0.0.1', '[::1]'];
  return url.protocol === 'http:' && loopback.includes(url.hostname);
}

/** The token people set for private repositories: GIT_TOKEN, else GITHUB_TOKEN. */
export function tokenFromEnvironment(env: NodeJS.ProcessEnv): string | undefined {
  const token = env.GIT_TOKEN || env.GITHUB_TOKEN;
  return token ? token : undefined;
}

/**
 * The environment of every git call that reaches a remote: no system configuration, no prompts
 * (a missing password fails at once instead of waiting for a terminal), English messages for the
 * error mapping, and no `ext::` transport. A token travels as an http.extraHeader scoped to the
 * remote's origin, given through GIT_CONFIG_* so it is never in a URL, in argv, on disk or in a
 * log, and is not sent to another host on a redirect.
 */
export function gitEnvironment(
  home: string,
  remoteUrl: string,
  token: string | undefined,
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: home,
    LC_ALL: 'C',
    GIT_TERMINAL_PROMPT: '0',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_ALLOW_PROTOCOL: 'https:http:git:ssh',
    GIT_SSH_COMMAND: 'ssh -o BatchMode=yes',
    ...(process.env.SSH_AUTH_SOCK && { SSH_AUTH_SOCK: process.env.SSH_AUTH_SOCK }),
  };
  // No detached `gc --auto` or maintenance still writing while the folder is removed.
  const config: [string, string][] = [
    ['gc.auto', '0'],
    ['maintenance.auto', 'false'],
    ['advice.detachedHead', 'false'],
  ];
  let url: URL | undefined;
  try {
    url = new URL(remoteUrl);
  } catch {
    // scp-like `git@host:owner/repo`: ssh, so nothing to authenticate with a header.
  }
  if (token && url && canCarryToken(url)) {
    const basic = Buffer.from(`x-access-token:${token}`).toString('base64');
    config.push([`http.${url.origin}/.extraHeader`, `Authorization: Basic ${basic}`]);
  }
  env.GIT_CONFIG_COUNT = String(config.length);
  config.forEach(([key, value], index) => {
    env[`GIT_CONFIG_KEY_${index}`] = key;
    env[`GIT_CONFIG_VALUE_${index}`] = value;
  });
  return env;
}
