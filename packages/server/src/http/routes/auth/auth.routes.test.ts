import { passwordMessages } from '@repobundle/contract';
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  codeIn,
  expectNoSecrets,
  get,
  lastMailTo,
  post,
  signUp,
  STRONG_PASSWORD,
} from '../../../../test/test-support/test-app.js';
import { describeWithApp } from '../../../../test/test-support/describe-with-app.js';

describeWithApp('auth flows', (t) => {
  beforeEach(async () => {
    t.mail.length = 0;
  });

  describe('POST /auth/register', () => {
    it('creates an unverified account and mails a 6-digit code', async () => {
      const res = await post(t.app, '/auth/register', {
        email: '  Ada@Example.COM ',
        password: STRONG_PASSWORD,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({
        message: 'Registration successful. Please check your email for the verification code.',
        email: 'ada@example.com',
        verification_required: true,
      });
      expectNoSecrets(res, [STRONG_PASSWORD]);
      const mail = lastMailTo(t.mail, 'ada@example.com');
      expect(mail?.subject).toBe('Your RepoBundle verification code');
      expect(codeIn(mail)).toMatch(/^\d{6}$/);
      expect(mail?.html).toContain(codeIn(mail));
    });

    it('refuses a weak password with every broken rule', async () => {
      const res = await post(t.app, '/auth/register', { email: 'a@b.co', password: 'admin123' });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.code).toBe('WEAK_PASSWORD');
      expect(body.detail).toBe('Password does not meet security requirements');
      expect(body.errors).toEqual(
        expect.arrayContaining([
          passwordMessages.uppercase,
          passwordMessages.special,
          passwordMessages.sequential,
          passwordMessages.personal,
        ]),
      );
    });

    it.each([
      [{ email: 'not-an-email', password: STRONG_PASSWORD }, 'Please enter a valid email address.'],
      [{ password: STRONG_PASSWORD }, 'email is required.'],
      [{ email: 'a@b.co' }, 'password is required.'],
      [{ email: 'a@b.co', password: 12345678 }, 'password must be a string.'],
      [{ email: 'a@b.co', password: STRONG_PASSWORD, role: 'pro' }, 'Unknown field: role.'],
    ])('answers 400 with a clear detail for %j', async (payload, detail) => {
      const res = await post(t.app, '/auth/register', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail, code: 'VALIDATION_ERROR' });
    });

    it('answers 400 INVALID_JSON for a broken body', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth/register',
        headers: { 'content-type': 'application/json' },
        payload: '{"email": ',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        detail: 'The request body is not valid JSON.',
        code: 'INVALID_JSON',
      });
    });

    it('answers 409 for a verified address, case-insensitively', async () => {
      await signUp(t, 'taken@example.com');
      const res = await post(t.app, '/auth/register', {
        email: 'TAKEN@example.com',
        password: STRONG_PASSWORD,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        detail: 'An account with this email already exists.',
        code: 'EMAIL_EXISTS',
      });
    });
  });

  describe('POST /auth/verify', () => {
    it('verifies with the mailed code and returns tokens', async () => {
      await post(t.app, '/auth/register', { email: 'v@example.com', password: STRONG_PASSWORD });
      const code = codeIn(lastMailTo(t.mail, 'v@example.com'));
      const res = await post(t.app, '/auth/verify', {
        email: 'v@example.com',
        verification_code: code,
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.message).toBe('Email verified successfully.');
      expect(body.token_type).toBe('bearer');
      expect(body.expires_in).toBe(900);
      expect(body.access_token).not.toBe(body.refresh_token);
      const me = await get(t.app, '/auth/me', body.access_token);
      expect(me.json().is_verified).toBe(true);
      const again = await post(t.app, '/auth/verify', {
        email: 'v@example.com',
        verification_code: code,
      });
      expect(again.json().code).toBe('ALREADY_VERIFIED');
    });

    it('counts wrong codes and stops after 5 attempts', async () => {
      await post(t.app, '/auth/register', { email: 'w@example.com', password: STRONG_PASSWORD });
      const code = codeIn(lastMailTo(t.mail, 'w@example.com'));
      const wrong = code === '000000' ? '111111' : '000000';
      const first = await post(t.app, '/auth/verify', {
        email: 'w@example.com',
        verification_code: wrong,
      });
      expect(first.statusCode).toBe(400);
      expect(first.json()).toEqual({
        detail: 'Invalid verification code. 4 attempts left.',
        code: 'INVALID_CODE',
      });
      for (let i = 0; i < 4; i++) {
        await post(t.app, '/auth/verify', { email: 'w@example.com', verification_code: wrong });
      }
      const blocked = await post(t.app, '/auth/verify', {
        email: 'w@example.com',
        verification_code: code,
      });
      expect(blocked.statusCode).toBe(400);
      expect(blocked.json().code).toBe('TOO_MANY_ATTEMPTS');
    });

    it('refuses an expired code', async () => {
      await post(t.app, '/auth/register', { email: 'x@example.com', password: STRONG_PASSWORD });
      const code = codeIn(lastMailTo(t.mail, 'x@example.com'));
      await sql`update email_verifications set expires_at = now() - interval '1 second'`.execute(
        t.database.handle.db,
      );
      const res = await post(t.app, '/auth/verify', {
        email: 'x@example.com',
        verification_code: code,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('CODE_EXPIRED');
    });

    it('answers an empty code with the spec message', async () => {
      const res = await post(t.app, '/auth/verify', {
        email: 'x@example.com',
        verification_code: '',
      });
      expect(res.json()).toEqual({
        detail: 'Please enter the verification code.',
        code: 'VALIDATION_ERROR',
      });
    });
  });

  describe('POST /auth/resend-verification', () => {
    it('resends at most once per 60 seconds', async () => {
      await post(t.app, '/auth/register', { email: 'r@example.com', password: STRONG_PASSWORD });
      // Within the minute: the same answer as ever (it must not tell that the account exists),
      // and no second mail.
      const soon = await post(t.app, '/auth/resend-verification', { email: 'r@example.com' });
      expect(soon.statusCode).toBe(200);
      expect(t.mail.filter((m) => m.to === 'r@example.com')).toHaveLength(1);
      await sql`update email_verifications set sent_at = now() - interval '61 seconds'`.execute(
        t.database.handle.db,
      );
      const later = await post(t.app, '/auth/resend-verification', { email: 'r@example.com' });
      expect(later.statusCode).toBe(200);
      expect(t.mail.filter((m) => m.to === 'r@example.com')).toHaveLength(2);
      const code = codeIn(lastMailTo(t.mail, 'r@example.com'));
      const ok = await post(t.app, '/auth/verify', {
        email: 'r@example.com',
        verification_code: code,
      });
      expect(ok.statusCode).toBe(200);
    });

    it('answers the same for an unknown address', async () => {
      const res = await post(t.app, '/auth/resend-verification', { email: 'nobody@example.com' });
      expect(res.statusCode).toBe(200);
      expect(t.mail).toHaveLength(0);
    });
  });

  describe('POST /auth/login', () => {
    it('answers 403 EMAIL_NOT_VERIFIED before verification', async () => {
      await post(t.app, '/auth/register', { email: 'l@example.com', password: STRONG_PASSWORD });
      const res = await post(t.app, '/auth/login', {
        email: 'l@example.com',
        password: STRONG_PASSWORD,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('EMAIL_NOT_VERIFIED');
    });

    it('signs in a verified account and refuses a wrong password', async () => {
      await signUp(t, 'ok@example.com');
      const res = await post(t.app, '/auth/login', {
        email: 'OK@example.com',
        password: STRONG_PASSWORD,
      });
      expect(res.statusCode).toBe(200);
      expect(Object.keys(res.json()).sort()).toEqual([
        'access_token',
        'expires_in',
        'refresh_token',
        'token_type',
      ]);
      const wrong = await post(t.app, '/auth/login', {
        email: 'ok@example.com',
        password: 'Nope#Wrong9x',
      });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({
        detail: 'Incorrect email or password.',
        code: 'INVALID_CREDENTIALS',
      });
      const unknown = await post(t.app, '/auth/login', { email: 'no@example.com', password: 'x' });
      expect(unknown.statusCode).toBe(401);
    });
  });

  describe('POST /auth/refresh', () => {
    it('rotates the refresh token; reusing the old one revokes the family', async () => {
      const session = await signUp(t, 'rot@example.com');
      const first = await post(t.app, '/auth/refresh', { refresh_token: session.refresh_token });
      expect(first.statusCode).toBe(200);
      const rotated = first.json();
      expect(rotated.refresh_token).not.toBe(session.refresh_token);
      expect((await get(t.app, '/auth/me', rotated.access_token)).statusCode).toBe(200);

      const replay = await post(t.app, '/auth/refresh', { refresh_token: session.refresh_token });
      expect(replay.statusCode).toBe(401);
      expect(replay.json().code).toBe('REFRESH_TOKEN_REUSED');
      const afterRevoke = await post(t.app, '/auth/refresh', {
        refresh_token: rotated.refresh_token,
      });
      expect(afterRevoke.statusCode).toBe(401);
      expect(afterRevoke.json().code).toBe('INVALID_REFRESH_TOKEN');
    });

    it('lets only one of two simultaneous refreshes win and revokes the family', async () => {
      const session = await signUp(t, 'race@example.com');
      const other = await post(t.app, '/auth/login', {
        email: 'race@example.com',
        password: STRONG_PASSWORD,
      });
      const [a, b] = await Promise.all([
        post(t.app, '/auth/refresh', { refresh_token: session.refresh_token }),
        post(t.app, '/auth/refresh', { refresh_token: session.refresh_token }),
      ]);
      const codes = [a.statusCode, b.statusCode].sort();
      expect(codes).toEqual([200, 401]);
      const winner = a.statusCode === 200 ? a : b;
      const loser = a.statusCode === 200 ? b : a;
      expect(loser.json().code).toBe('REFRESH_TOKEN_REUSED');
      const winnerNext = await post(t.app, '/auth/refresh', {
        refresh_token: winner.json().refresh_token,
      });
      expect(winnerNext.statusCode).toBe(401);
      // Another session (another family) is untouched.
      const otherNext = await post(t.app, '/auth/refresh', {
        refresh_token: other.json().refresh_token,
      });
      expect(otherNext.statusCode).toBe(200);
    });

    it('refuses an unknown token and a missing one', async () => {
      const res = await post(t.app, '/auth/refresh', { refresh_token: 'nope' });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('INVALID_REFRESH_TOKEN');
      const missing = await post(t.app, '/auth/refresh', { refresh_token: '' });
      expect(missing.json()).toEqual({
        detail: 'No refresh token available.',
        code: 'VALIDATION_ERROR',
      });
    });
  });

  it('never logs passwords, codes or tokens', async () => {
    const session = await signUp(t, 'logs@example.com');
    await post(t.app, '/auth/refresh', { refresh_token: session.refresh_token });
    const logs = t.logs.join('\n');
    expect(logs).toContain('"url":"/auth/verify"');
    expect(logs).not.toContain(STRONG_PASSWORD);
    expect(logs).not.toContain(session.refresh_token);
    expect(logs).not.toContain(session.access_token);
    expect(logs).not.toContain(codeIn(lastMailTo(t.mail, 'logs@example.com')));
  });
});
