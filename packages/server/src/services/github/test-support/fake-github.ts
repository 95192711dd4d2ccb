import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// GitHub's OAuth web flow and REST API as GitHub speaks them: the code exchange answers 200 with
// {error, error_description} for a bad code, /user needs a bearer token.

export interface FakeGithub {
  /** GITHUB_OAUTH_URL and GITHUB_API_URL for the server under test. */
  oauthUrl: string;
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  /** A code the exchange accepts once, giving `token` for `login`. */
  issueCode(code: string, token: string, login: string): void;
  repositories: Map<string, { description: string | null; language: string | null }>;
  /** Answer /user with this status instead (GitHub having a bad moment). */
  userStatus: number | null;
  revoked: string[];
  exchanges: Array<{ headers: IncomingMessage['headers']; body: URLSearchParams }>;
  stop(): Promise<void>;
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

export async function startFakeGithub(): Promise<FakeGithub> {
  const codes = new Map<string, { token: string; login: string }>();
  const logins = new Map<string, string>();
  const fake: Omit<FakeGithub, 'oauthUrl' | 'apiUrl' | 'stop'> = {
    clientId: 'test-client-id',
    clientSecret: 'test-client-secret',
    issueCode(code, token, login) {
      codes.set(code, { token, login });
    },
    repositories: new Map(),
    userStatus: null,
    revoked: [],
    exchanges: [],
  };
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'POST' && url.pathname === '/login/oauth/access_token') {
      const body = new URLSearchParams(await bodyOf(req));
      fake.exchanges.push({ headers: req.headers, body });
      if (
        body.get('client_id') !== fake.clientId ||
        body.get('client_secret') !== fake.clientSecret
      ) {
        return send(200, {
          error: 'incorrect_client_credentials',
          error_description: 'The client_id and/or client_secret passed are incorrect.',
        });
      }
      const grant = codes.get(body.get('code') ?? '');
      if (!grant) {
        return send(200, {
          error: 'bad_verification_code',
          error_description: 'The code passed is incorrect or expired.',
          error_uri: 'https://docs.github.com/apps/troubleshooting',
        });
      }
      codes.delete(body.get('code') ?? '');
      logins.set(grant.token, grant.login);
      return send(200, {
        access_token: grant.token,
        token_type: 'bearer',
        scope: 'repo,user:email',
      });
    }
    if (req.method === 'GET' && url.pathname === '/api/user') {
      if (fake.userStatus !== null) return send(fake.userStatus, { message: 'Server Error' });
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const login = token ? logins.get(token) : undefined;
      if (!login || !req.headers['user-agent']) return send(401, { message: 'Bad credentials' });
      return send(200, { login, id: 1 });
    }
    const repo = /^\/api\/repos\/([^/]+)\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && repo) {
      const facts = fake.repositories.get(`${repo[1]}/${repo[2]}`);
      return facts ? send(200, { full_name: `${repo[1]}/${repo[2]}`, ...facts }) : send(404, {});
    }
    const revoke = /^\/api\/applications\/([^/]+)\/token$/.exec(url.pathname);
    if (req.method === 'DELETE' && revoke) {
      const expected = `Basic ${Buffer.from(`${fake.clientId}:${fake.clientSecret}`).toString('base64')}`;
      if (req.headers.authorization !== expected) return send(401, { message: 'Bad credentials' });
      const { access_token } = JSON.parse(await bodyOf(req)) as { access_token: string };
      fake.revoked.push(access_token);
      logins.delete(access_token);
      res.writeHead(204);
      return void res.end();
    }
    send(404, { message: 'Not Found' });
  };
  // A handler that throws answers 500 (a test then fails on the status) instead of leaving the
  // request hanging with an unhandled rejection.
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    oauthUrl: `http://127.0.0.1:${port}/login/oauth`,
    apiUrl: `http://127.0.0.1:${port}/api`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
