import { sql } from 'kysely';
import { SignJWT } from 'jose';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  codeIn,
  expectNoSecrets,
  get,
  lastMailTo,
  OTHER_STRONG_PASSWORD,
  post,
  put,
  signUp,
  STRONG_PASSWORD,
  TEST_JWT_SECRET,
} from '../../../../test/test-support/test-app.js';
import { describeWithApp } from '../../../../test/test-support/describe-with-app.js';

describeWithApp('account calls', (t) => {
  beforeEach(async () => {
    t.mail.length = 0;
  });

  describe('GET /auth/me', () => {
    it('returns every user field of the spec and nothing secret', async () => {
      const { access_token } = await signUp(t, 'me@example.com');
      const res = await get(t.app, '/auth/me', access_token);
      expect(res.statusCode).toBe(200);
      expectNoSecrets(res, [STRONG_PASSWORD]);
      const me = res.json();
      expect(me).toMatchObject({
        email: 'me@example.com',
        role: 'free',
        subscription_plan: 'free',
        billing_cycle: null,
        is_verified: true,
        is_oauth_only: false,
        github_connected: false,
        github_username: null,
        welcome_modal_seen: false,
        isNewUser: true,
        credits_available: 100,
        credits_reserved: 0,
        monthly_credits: 100,
        purchased_credits: 0,
        next_billing_date: null,
        max_lines_per_job: 100000,
        upload_limit_mb: 10,
        allowed_output_formats: ['md', 'txt'],
        auto_delete_after: 'never',
        default_credit_type: 'monthly',
        settings: { auto_delete_after: 'never', default_credit_type: 'monthly' },
      });
      expect(Date.parse(me.monthly_credits_reset_date)).toBeGreaterThan(
        Date.now() + 27 * 86_400_000,
      );
      expect(Date.parse(me.created_at)).toBeLessThanOrEqual(Date.now());
    });

    it('answers 401 without, with a bad and with an expired token', async () => {
      const none = await get(t.app, '/auth/me');
      expect(none.statusCode).toBe(401);
      expect(none.json().code).toBe('NOT_AUTHENTICATED');
      const bad = await get(t.app, '/auth/me', 'not.a.jwt');
      expect(bad.json().code).toBe('INVALID_TOKEN');
      const expired = await new SignJWT({ typ: 'access' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('00000000-0000-0000-0000-000000000000')
        .setIssuer('repobundle')
        .setAudience('repobundle-api')
        .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
        .sign(new TextEncoder().encode(TEST_JWT_SECRET));
      const res = await get(t.app, '/auth/me', expired);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        detail: 'Your session has expired. Please sign in again.',
        code: 'TOKEN_EXPIRED',
      });
    });
  });

  describe('settings and welcome modal', () => {
    it('saves settings and shows them in /auth/me and GET /auth/settings', async () => {
      const { access_token } = await signUp(t, 's@example.com');
      const res = await put(
        t.app,
        '/auth/settings',
        { auto_delete_after: '7days', default_credit_type: 'purchased' },
        access_token,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        message: 'Settings saved successfully!',
        settings: { auto_delete_after: '7days', default_credit_type: 'purchased' },
      });
      const partial = await put(
        t.app,
        '/auth/settings',
        { auto_delete_after: '1hr' },
        access_token,
      );
      expect(partial.json().settings).toEqual({
        auto_delete_after: '1hr',
        default_credit_type: 'purchased',
      });
      const settings = await get(t.app, '/auth/settings', access_token);
      expect(settings.json()).toEqual({
        auto_delete_after: '1hr',
        default_credit_type: 'purchased',
      });
      expect((await get(t.app, '/auth/me', access_token)).json().auto_delete_after).toBe('1hr');
    });

    it.each([
      [
        { auto_delete_after: '2days' },
        'auto_delete_after must be one of: never, 1hr, 6hr, 12hr, 1day, 7days, 14days, 30days.',
      ],
      [{ default_credit_type: 'free' }, 'default_credit_type must be one of: monthly, purchased.'],
      [{}, 'Give auto_delete_after, default_credit_type or both.'],
    ])('refuses %j', async (payload, detail) => {
      const { access_token } = await signUp(t, 'bad@example.com');
      const res = await put(t.app, '/auth/settings', payload, access_token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail, code: 'VALIDATION_ERROR' });
    });

    it('marks the welcome modal seen', async () => {
      const { access_token } = await signUp(t, 'wm@example.com');
      const res = await put(
        t.app,
        '/auth/welcome-modal',
        { welcome_modal_seen: true },
        access_token,
      );
      expect(res.json()).toEqual({ welcome_modal_seen: true });
      const me = (await get(t.app, '/auth/me', access_token)).json();
      expect(me.welcome_modal_seen).toBe(true);
      expect(me.isNewUser).toBe(false);
      const bad = await put(
        t.app,
        '/auth/welcome-modal',
        { welcome_modal_seen: 'yes' },
        access_token,
      );
      expect(bad.json()).toEqual({
        detail: 'welcome_modal_seen must be true or false.',
        code: 'VALIDATION_ERROR',
      });
    });
  });

  describe('password reset', () => {
    it('mails a single-use link that resets the password and ends sessions', async () => {
      const session = await signUp(t, 'fp@example.com');
      const res = await post(t.app, '/auth/forgot-password', { email: 'FP@example.com' });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(
        'If an account exists for this email, a password reset link has been sent.',
      );
      const mail = lastMailTo(t.mail, 'fp@example.com');
      const link = new URL(/http\S+reset-password\S+/.exec(mail?.text ?? '')![0]);
      expect(`${link.origin}${link.pathname}`).toBe('http://localhost:3000/reset-password');
      expect(link.searchParams.get('email')).toBe('fp@example.com');
      const token = link.searchParams.get('token')!;

      const weak = await post(t.app, '/auth/reset-password', {
        email: 'fp@example.com',
        reset_token: token,
        new_password: 'short',
      });
      expect(weak.json().code).toBe('WEAK_PASSWORD');

      const ok = await post(t.app, '/auth/reset-password', {
        email: 'fp@example.com',
        reset_token: token,
        new_password: OTHER_STRONG_PASSWORD,
      });
      expect(ok.statusCode).toBe(200);
      const again = await post(t.app, '/auth/reset-password', {
        email: 'fp@example.com',
        reset_token: token,
        new_password: OTHER_STRONG_PASSWORD,
      });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({
        detail: 'The password reset link is invalid or has expired. Please request a new one.',
        code: 'INVALID_RESET_TOKEN',
      });
      const refresh = await post(t.app, '/auth/refresh', { refresh_token: session.refresh_token });
      expect(refresh.statusCode).toBe(401);
      const login = await post(t.app, '/auth/login', {
        email: 'fp@example.com',
        password: OTHER_STRONG_PASSWORD,
      });
      expect(login.statusCode).toBe(200);
    });

    it('refuses an expired link and answers the same for unknown addresses', async () => {
      await signUp(t, 'exp@example.com');
      await post(t.app, '/auth/forgot-password', { email: 'exp@example.com' });
      const token = new URL(
        /http\S+/.exec(lastMailTo(t.mail, 'exp@example.com')!.text)![0],
      ).searchParams.get('token')!;
      await sql`update password_resets set expires_at = now() - interval '1 second'`.execute(
        t.database.handle.db,
      );
      const res = await post(t.app, '/auth/reset-password', {
        email: 'exp@example.com',
        reset_token: token,
        new_password: OTHER_STRONG_PASSWORD,
      });
      expect(res.json().code).toBe('INVALID_RESET_TOKEN');
      const unknown = await post(t.app, '/auth/forgot-password', { email: 'ghost@example.com' });
      expect(unknown.statusCode).toBe(200);
      expect(lastMailTo(t.mail, 'ghost@example.com')).toBeUndefined();
    });
  });

  describe('POST /auth/change-password', () => {
    it('checks the current password, the rules, then changes it with a fresh session', async () => {
      const session = await signUp(t, 'cp@example.com');
      const wrong = await post(
        t.app,
        '/auth/change-password',
        { current_password: 'Wrong#Pass9x', new_password: OTHER_STRONG_PASSWORD },
        session.access_token,
      );
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({
        detail: 'Current password is incorrect.',
        code: 'INVALID_PASSWORD',
      });
      const weak = await post(
        t.app,
        '/auth/change-password',
        { current_password: STRONG_PASSWORD, new_password: 'weakpass' },
        session.access_token,
      );
      expect(weak.json().code).toBe('WEAK_PASSWORD');
      const same = await post(
        t.app,
        '/auth/change-password',
        { current_password: STRONG_PASSWORD, new_password: STRONG_PASSWORD },
        session.access_token,
      );
      expect(same.json().code).toBe('SAME_PASSWORD');
      const ok = await post(
        t.app,
        '/auth/change-password',
        { current_password: STRONG_PASSWORD, new_password: OTHER_STRONG_PASSWORD },
        session.access_token,
      );
      expect(ok.statusCode).toBe(200);
      expect(ok.json().message).toBe('Password changed successfully.');
      expectNoSecrets(ok, [OTHER_STRONG_PASSWORD]);
      expect(
        (await post(t.app, '/auth/refresh', { refresh_token: session.refresh_token })).statusCode,
      ).toBe(401);
      // The old access token ends now, not when it expires; the fresh one works.
      const old = await get(t.app, '/auth/me', session.access_token);
      expect(old.statusCode).toBe(401);
      expect(old.json().code).toBe('INVALID_TOKEN');
      expect((await get(t.app, '/auth/me', ok.json().access_token)).statusCode).toBe(200);
      expect(
        (await post(t.app, '/auth/refresh', { refresh_token: ok.json().refresh_token })).statusCode,
      ).toBe(200);
    });

    it('needs a signed-in user', async () => {
      const res = await post(t.app, '/auth/change-password', {
        current_password: STRONG_PASSWORD,
        new_password: OTHER_STRONG_PASSWORD,
      });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('change e-mail', () => {
    it('sends a 6-character code to the new address and moves the account', async () => {
      const session = await signUp(t, 'old@example.com');
      await signUp(t, 'taken@example.com');
      const taken = await post(
        t.app,
        '/auth/change-email',
        { current_password: STRONG_PASSWORD, new_email: 'taken@example.com' },
        session.access_token,
      );
      expect(taken.statusCode).toBe(409);
      const res = await post(
        t.app,
        '/auth/change-email',
        { current_password: STRONG_PASSWORD, new_email: 'New@example.com' },
        session.access_token,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        message: 'A verification code has been sent to new@example.com.',
      });
      const code = codeIn(lastMailTo(t.mail, 'new@example.com'), /\b([A-Z0-9]{6})\b/);
      const again = await post(
        t.app,
        '/auth/change-email',
        { current_password: STRONG_PASSWORD, new_email: 'new@example.com' },
        session.access_token,
      );
      expect(again.statusCode).toBe(429);

      const wrongAddress = await post(
        t.app,
        '/auth/verify-email-change',
        { email: 'other@example.com', verification_code: code },
        session.access_token,
      );
      expect(wrongAddress.json().code).toBe('INVALID_CODE');
      const ok = await post(
        t.app,
        '/auth/verify-email-change',
        { email: 'new@example.com', verification_code: code.toLowerCase() },
        session.access_token,
      );
      expect(ok.statusCode).toBe(200);
      expect(ok.json().message).toBe(
        'Your email has been changed. Please sign in with your new email.',
      );
      expect((await get(t.app, '/auth/me', session.access_token)).json().email).toBe(
        'new@example.com',
      );
      expect(
        (await post(t.app, '/auth/refresh', { refresh_token: session.refresh_token })).statusCode,
      ).toBe(401);
      const login = await post(t.app, '/auth/login', {
        email: 'new@example.com',
        password: STRONG_PASSWORD,
      });
      expect(login.statusCode).toBe(200);
    });

    it('limits code attempts and expires the code', async () => {
      const session = await signUp(t, 'tries@example.com');
      await post(
        t.app,
        '/auth/change-email',
        { current_password: STRONG_PASSWORD, new_email: 'next@example.com' },
        session.access_token,
      );
      const code = codeIn(lastMailTo(t.mail, 'next@example.com'), /\b([A-Z0-9]{6})\b/);
      const attempt = (verification_code: string) =>
        post(
          t.app,
          '/auth/verify-email-change',
          { email: 'next@example.com', verification_code },
          session.access_token,
        );
      await sql`update email_changes set expires_at = now() - interval '1 second'`.execute(
        t.database.handle.db,
      );
      expect((await attempt(code)).json().code).toBe('CODE_EXPIRED');
      await sql`update email_changes set expires_at = now() + interval '5 minutes'`.execute(
        t.database.handle.db,
      );
      for (let i = 0; i < 3; i++)
        expect((await attempt('ZZZZZZ')).json().code).toBe('INVALID_CODE');
      expect((await attempt('ZZZZZZ')).json().code).toBe('TOO_MANY_ATTEMPTS');
      expect((await attempt(code)).json().code).toBe('TOO_MANY_ATTEMPTS');
    });

    it('refuses a wrong password and the same address', async () => {
      const session = await signUp(t, 'same@example.com');
      const wrong = await post(
        t.app,
        '/auth/change-email',
        { current_password: 'Wrong#Pass9x', new_email: 'x@example.com' },
        session.access_token,
      );
      expect(wrong.json().code).toBe('INVALID_PASSWORD');
      const same = await post(
        t.app,
        '/auth/change-email',
        { current_password: STRONG_PASSWORD, new_email: 'same@example.com' },
        session.access_token,
      );
      expect(same.json().code).toBe('SAME_EMAIL');
    });
  });
});
