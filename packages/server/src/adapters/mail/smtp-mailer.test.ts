import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  post,
  STRONG_PASSWORD,
  type TestApp,
} from '../../../test/test-support/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-support/test-database.js';
import { createSmtpMailer } from './smtp-mailer.js';

interface Received {
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback that keeps what it receives. */
async function startSmtp() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { server, received, url: `smtp://127.0.0.1:${port}` };
}

describe('mail over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let database: TestDatabase;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtp();
    database = await createTestDatabase('pglite');
    t = await createTestApp(database, {
      mailer: createSmtpMailer(smtp.url, 'RepoBundle <no-reply@repobundle.test>'),
      env: { SMTP_URL: smtp.url },
    });
  });
  afterAll(async () => {
    await t.app.close();
    await database.destroy();
    await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
  });

  it('delivers the sign-up code by SMTP, and the code verifies the account', async () => {
    const res = await post(t.app, '/auth/register', {
      email: 'smtp@example.com',
      password: STRONG_PASSWORD,
    });
    expect(res.statusCode).toBe(201);
    const message = smtp.received.find((m) => m.to.includes('smtp@example.com'));
    expect(message?.raw).toContain('Subject: Your RepoBundle verification code');
    expect(message?.raw).toContain('From: RepoBundle <no-reply@repobundle.test>');
    expect(message?.raw).toMatch(/Content-Type: text\/html/i);
    const code = /email address:\s+(\d{6})\b/.exec(message?.raw ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const verified = await post(t.app, '/auth/verify', {
      email: 'smtp@example.com',
      verification_code: code,
    });
    expect(verified.statusCode).toBe(200);
    // With SMTP configured nothing is kept in the outbox or logged with the code.
    expect(t.logs.join('')).not.toContain(code!);
  });
});
