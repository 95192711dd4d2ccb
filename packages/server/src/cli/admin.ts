import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AdminOutboxResponse } from '@repobundle/contract';
import { ConfigError, readConfig, type Config } from '../config/config.js';
import { ADMIN_TOKEN_FILE } from '../config/server-secrets.js';

// `npm run admin -- <command>`: a thin client of the operator API. It talks to
// the running server over HTTP, because only one process may open the embedded database.

const USAGE = `Usage: npm run admin -- <command>

Commands:
  users [--limit N] [--offset N]          list users
  approve <email>                         let <email> past the beta gate
  plan <email> <plan> [monthly|yearly]    set the plan (free, starter, pro, enterprise)
  credits <email> <amount> <type>         add (or remove, negative) monthly|purchased credits
  outbox [--to <email>] [--limit N]       show mail kept by the outbox (no SMTP_URL)

The server must be running. ADMIN_URL (default http://HOST:PORT) and ADMIN_TOKEN (default
DATA_DIR/admin-token) say where and how to call it.`;

export interface AdminTarget {
  url: string;
  token: string;
}

export function resolveTarget(config: Config, env: NodeJS.ProcessEnv): AdminTarget {
  const host = ['0.0.0.0', '::'].includes(config.host) ? '127.0.0.1' : config.host;
  const url = (
    env.ADMIN_URL ?? `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`
  ).replace(/\/+$/, '');
  const file = join(config.dataDir, ADMIN_TOKEN_FILE);
  const token = config.adminToken ?? (existsSync(file) ? readFileSync(file, 'utf8').trim() : '');
  if (!token)
    throw new Error(`No admin token: set ADMIN_TOKEN or start the server once to create ${file}.`);
  return { url, token };
}

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}

/** Turns a command line into one operator API call. */
export function toRequest(args: string[]): {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
} {
  const [command, ...rest] = args;
  const email = rest[0] ? encodeURIComponent(rest[0]) : '';
  const query = (pairs: [string, string | undefined][]) => {
    const params = new URLSearchParams(
      pairs.filter((p): p is [string, string] => p[1] !== undefined),
    );
    return params.size > 0 ? `?${params}` : '';
  };
  switch (command) {
    case 'users':
      return {
        method: 'GET',
        path: `/admin/users${query([
          ['limit', option(rest, '--limit')],
          ['offset', option(rest, '--offset')],
        ])}`,
      };
    case 'approve':
      if (!email) break;
      return { method: 'POST', path: `/admin/users/${email}/approve` };
    case 'plan':
      if (!email || !rest[1]) break;
      return {
        method: 'POST',
        path: `/admin/users/${email}/plan`,
        body: { plan: rest[1], billing_cycle: rest[2] ?? 'monthly' },
      };
    case 'credits':
      if (!email || !rest[1] || !rest[2]) break;
      return {
        method: 'POST',
        path: `/admin/users/${email}/credits`,
        body: { amount: Number(rest[1]), credit_type: rest[2] },
      };
    case 'outbox':
      return {
        method: 'GET',
        path: `/admin/outbox${query([
          ['to', option(rest, '--to')],
          ['limit', option(rest, '--limit')],
        ])}`,
      };
  }
  throw new Error(USAGE);
}

export function formatOutbox({ messages }: AdminOutboxResponse): string {
  if (messages.length === 0) return 'The outbox is empty.';
  return messages
    .map((m) => `--- ${m.created_at}  to ${m.to}\nSubject: ${m.subject}\n\n${m.text}\n`)
    .join('\n');
}

export async function runAdmin(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  if (args.length === 0 || args[0] === '--help' || args[0] === 'help') return USAGE;
  const request = toRequest(args);
  const target = resolveTarget(readConfig(env), env);
  const response = await fetch(`${target.url}${request.path}`, {
    method: request.method,
    headers: {
      authorization: `Bearer ${target.token}`,
      ...(request.body ? { 'content-type': 'application/json' } : {}),
    },
    ...(request.body ? { body: JSON.stringify(request.body) } : {}),
  });
  const body: unknown = await response.json();
  if (!response.ok) {
    const detail = (body as { detail?: string }).detail ?? response.statusText;
    throw new Error(`${response.status}: ${detail}`);
  }
  return args[0] === 'outbox'
    ? formatOutbox(body as AdminOutboxResponse)
    : JSON.stringify(body, null, 2);
}

const isMain = process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (isMain) {
  runAdmin(process.argv.slice(2), process.env).then(
    (out) => console.log(out),
    (error: unknown) => {
      if (error instanceof ConfigError) console.error(error.message);
      else if (error instanceof TypeError && String(error.cause ?? '').includes('ECONNREFUSED')) {
        console.error('The server is not running (start it with `npm start`).');
      } else console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
