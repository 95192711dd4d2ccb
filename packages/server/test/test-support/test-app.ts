import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Mailer, MailMessage } from '../../src/adapters/mail/mailer.js';
import { buildApp, type RequestTimeouts } from '../../src/app.js';
import { readConfig } from '../../src/config/config.js';
import type { ResolvedConfig } from '../../src/config/server-secrets.js';
import type { GoogleVerifier } from '../../src/services/google-verifier.js';
import type { PasswordHashCost } from '../../src/services/password-hasher.js';
import { checkResponsesAgainstOpenApi } from './response-contract.js';
import type { TestDatabase } from './test-database.js';

export const TEST_JWT_SECRET = 'test-jwt-secret-0123456789abcdefghijklmnop';
export const TEST_ADMIN_TOKEN = 'test-admin-token-0123456789';
export const STRONG_PASSWORD = 'Blue#Horse7Kite';
export const OTHER_STRONG_PASSWORD = 'Green!Moon5Lake';

/** Keeps sent mail in memory so tests read codes and links from it. */
export function createMemoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    kind: 'outbox',
    sent,
    async send(message) {
      sent.push(message);
    },
    async close() {},
  };
}

export function testConfig(env: Record<string, string> = {}): ResolvedConfig {
  const config = readConfig({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'repobundle-test-')),
    LOG_LEVEL: 'info',
    AUTH_RATE_LIMIT: '10000',
    JWT_SECRET: TEST_JWT_SECRET,
    ADMIN_TOKEN: TEST_ADMIN_TOKEN,
    WEB_DIST_DIR: join(tmpdir(), 'repobundle-no-web-build'),
    ...env,
  });
  return {
    ...config,
    jwtSecret: TEST_JWT_SECRET,
    adminToken: config.adminToken ?? TEST_ADMIN_TOKEN,
  };
}

export interface TestApp {
  app: FastifyInstance;
  mail: MailMessage[];
  /** Everything the app logged, as JSON lines. */
  logs: string[];
  config: ResolvedConfig;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  mailer?: Mailer;
  google?: GoogleVerifier | null;
  /** Defaults to Argon2id's smallest cost; timing tests pass {} for production's. */
  passwordHashCost?: PasswordHashCost;
  onRoute?: (method: string, url: string) => void;
  timeouts?: RequestTimeouts;
}

export async function createTestApp(
  database: TestDatabase,
  options: TestAppOptions = {},
): Promise<TestApp> {
  const config = testConfig(options.env);
  const memory = createMemoryMailer();
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logs.push(chunk.toString());
      callback();
    },
  });
  const app = await buildApp({
    config,
    database: database.handle,
    mailer: options.mailer ?? memory,
    logStream,
    // Argon2id at its smallest cost: the tests check the flows, not the hash's strength.
    passwordHashCost: options.passwordHashCost ?? { memoryCost: 1024, timeCost: 1 },
    ...(options.google !== undefined ? { google: options.google } : {}),
    ...(options.onRoute ? { onRoute: options.onRoute } : {}),
    ...(options.timeouts ? { timeouts: options.timeouts } : {}),
  });
  checkResponsesAgainstOpenApi(app);
  await app.ready();
  return { app, mail: memory.sent, logs, config };
}

export function codeIn(message: MailMessage | undefined, pattern = /\b(\d{6})\b/): string {
  const code = message && pattern.exec(message.text)?.[1];
  if (!code) throw new Error(`no code in mail: ${message?.text ?? '(none)'}`);
  return code;
}

export function lastMailTo(mail: MailMessage[], to: string): MailMessage | undefined {
  return mail.filter((m) => m.to === to).at(-1);
}

/**
 * Waits for the work a request left running after its answer (mail that must not slow the
 * answer down), so a test reads the outbox as a person would a moment later.
 */
async function settled<T>(app: FastifyInstance, response: Promise<T>): Promise<T> {
  const answer = await response;
  await app.services.background.idle();
  return answer;
}

export function post(app: FastifyInstance, url: string, payload: unknown, token?: string) {
  return settled(
    app,
    app.inject({
      method: 'POST',
      url,
      payload: payload as Record<string, unknown>,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    }),
  );
}

export function put(app: FastifyInstance, url: string, payload: unknown, token?: string) {
  return app.inject({
    method: 'PUT',
    url,
    payload: payload as Record<string, unknown>,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

export function get(app: FastifyInstance, url: string, token?: string) {
  return app.inject({
    method: 'GET',
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

export interface Session {
  access_token: string;
  refresh_token: string;
}

/** Signs up, reads the code from the mail and verifies: a ready, signed-in account. */
export async function signUp(
  t: TestApp,
  email: string,
  password = STRONG_PASSWORD,
): Promise<Session> {
  const registered = await post(t.app, '/auth/register', { email, password });
  if (registered.statusCode !== 201) throw new Error(`register: ${registered.body}`);
  const code = codeIn(lastMailTo(t.mail, email));
  const verified = await post(t.app, '/auth/verify', { email, verification_code: code });
  if (verified.statusCode !== 200) throw new Error(`verify: ${verified.body}`);
  return verified.json<Session>();
}

/** No answer may carry a hash, a stored secret or a password field. */
export function expectNoSecrets(response: LightMyRequestResponse, secrets: string[] = []): void {
  const body = response.body;
  for (const forbidden of [
    'password_hash',
    'token_hash',
    'code_hash',
    '$argon2',
    TEST_JWT_SECRET,
    ...secrets,
  ]) {
    if (body.includes(forbidden)) throw new Error(`response leaks ${forbidden}: ${body}`);
  }
}
