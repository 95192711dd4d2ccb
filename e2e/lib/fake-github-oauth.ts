import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

// GitHub's OAuth web flow as a browser sees it: /login/oauth/authorize approves at once and sends
// the browser back to redirect_uri with a code and the state; the server then exchanges the code
// and reads /user, as GitHub answers them.

export interface FakeGithubOAuth {
  /** GITHUB_OAUTH_URL and GITHUB_API_URL for the server. */
  oauthUrl: string;
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  stop(): Promise<void>;
}

const LOGIN = 'octo';
const TOKEN = 'gho_e2eToken0123456789';

async function bodyOf(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

export async function startFakeGithubOAuth(): Promise<FakeGithubOAuth> {
  const clientId = 'e2e-client-id';
  const clientSecret = 'e2e-client-secret';
  const codes = new Set<string>();
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method === 'GET' && url.pathname === '/login/oauth/authorize') {
        const back = new URL(url.searchParams.get('redirect_uri') ?? '');
        const code = `code-${codes.size + 1}`;
        codes.add(code);
        back.searchParams.set('code', code);
        back.searchParams.set('state', url.searchParams.get('state') ?? '');
        res.writeHead(302, { Location: back.toString() });
        res.end();
        return;
      }
      if (req.method === 'POST' && url.pathname === '/login/oauth/access_token') {
        const form = new URLSearchParams(await bodyOf(req));
        const code = form.get('code') ?? '';
        const known = form.get('client_secret') === clientSecret && codes.delete(code);
        return json(
          200,
          known
            ? { access_token: TOKEN, token_type: 'bearer', scope: 'repo,user:email' }
            : { error: 'bad_verification_code', error_description: 'The code is wrong.' },
        );
      }
      if (req.method === 'GET' && url.pathname === '/user') {
        return req.headers.authorization === `Bearer ${TOKEN}`
          ? json(200, { login: LOGIN, id: 1 })
          : json(401, { message: 'Bad credentials' });
      }
      if (req.method === 'GET' && url.pathname.startsWith('/repos/')) {
        return json(200, { description: 'Widgets for everyone', language: 'TypeScript' });
      }
      if (req.method === 'DELETE' && url.pathname.startsWith('/applications/')) {
        res.writeHead(204);
        res.end();
        return;
      }
      json(404, { message: 'Not Found' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  return {
    oauthUrl: `${base}/login/oauth`,
    apiUrl: base,
    clientId,
    clientSecret,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
