import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// `git http-backend` (git's smart HTTP CGI) behind node:http, refusing any request without the
// expected Authorization header: the path a token takes to an https host.

export interface GitHttpServer {
  cloneUrl: string;
  /** Authorization headers seen, in order. */
  authorizations: (string | undefined)[];
  stop(): Promise<void>;
}

function runBackend(root: string, req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const backend = spawn('git', ['http-backend'], {
    env: {
      PATH: process.env.PATH,
      GIT_PROJECT_ROOT: root,
      GIT_HTTP_EXPORT_ALL: '1',
      REQUEST_METHOD: req.method ?? 'GET',
      PATH_INFO: decodeURIComponent(url.pathname),
      QUERY_STRING: url.search.slice(1),
      CONTENT_TYPE: req.headers['content-type'] ?? '',
      HTTP_CONTENT_ENCODING: req.headers['content-encoding'] ?? '',
      GIT_PROTOCOL: String(req.headers['git-protocol'] ?? ''),
      REMOTE_ADDR: '127.0.0.1',
    },
  });
  req.pipe(backend.stdin);
  let head = Buffer.alloc(0);
  let started = false;
  backend.stdout.on('data', (data: Buffer) => {
    if (started) return void res.write(data);
    head = Buffer.concat([head, data]);
    const end = head.indexOf('\r\n\r\n');
    if (end < 0) return;
    started = true;
    let status = 200;
    for (const line of head.subarray(0, end).toString('latin1').split('\r\n')) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).trim();
      const value = line.slice(colon + 1).trim();
      if (name.toLowerCase() === 'status') status = Number.parseInt(value, 10);
      else res.setHeader(name, value);
    }
    res.statusCode = status;
    res.write(head.subarray(end + 4));
  });
  backend.stdout.on('end', () => res.end());
  backend.on('error', () => res.destroy());
}

export async function startGitHttpServer(
  root: string,
  expectedAuthorization: string,
): Promise<GitHttpServer> {
  const authorizations: (string | undefined)[] = [];
  const server = createServer((req, res) => {
    authorizations.push(req.headers.authorization);
    if (req.headers.authorization !== expectedAuthorization) {
      res.writeHead(401, { 'www-authenticate': 'Basic realm="git"' });
      return void res.end('Unauthorized');
    }
    runBackend(root, req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    cloneUrl: `http://127.0.0.1:${port}/{owner}/{repo}.git`,
    authorizations,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
