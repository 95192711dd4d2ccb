import { sql } from 'kysely';
import { beforeEach, expect, it } from 'vitest';
import {
  codeIn,
  lastMailTo,
  OTHER_STRONG_PASSWORD,
  post,
  STRONG_PASSWORD,
} from '../../../../test/test-support/test-app.js';
import { describeWithApp } from '../../../../test/test-support/describe-with-app.js';

const OWNER = 'owner@example.com';
const ATTACKER_PASSWORD = OTHER_STRONG_PASSWORD;

describeWithApp('signing up again before verification', (t) => {
  beforeEach(async () => {
    t.mail.length = 0;
  });

  const login = (password: string) => post(t.app, '/auth/login', { email: OWNER, password });

  const verify = (code: string) =>
    post(t.app, '/auth/verify', { email: OWNER, verification_code: code });
  const codesTo = () => t.mail.filter((mail) => mail.to === OWNER).map((mail) => codeIn(mail));

  /** After a code of a contested sign-up: no password works until the owner sets one. */
  async function expectSetPasswordStep(verified: Awaited<ReturnType<typeof verify>>) {
    expect(verified.statusCode, verified.body).toBe(200);
    const body = verified.json();
    expect(body.access_token).toBeUndefined();
    expect(body.password_reset_token).toEqual(expect.any(String));
    expect((await login(ATTACKER_PASSWORD)).statusCode).toBe(401);
    expect((await login(STRONG_PASSWORD)).statusCode).toBe(401);
    const chosen = 'Owner#Choice9Tree';
    const reset = await post(t.app, '/auth/reset-password', {
      email: OWNER,
      reset_token: body.password_reset_token,
      new_password: chosen,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await login(chosen)).statusCode).toBe(200);
    expect((await login(ATTACKER_PASSWORD)).statusCode).toBe(401);
    // The address is verified now: a further sign-up is refused, not a new pending one.
    const again = await post(t.app, '/auth/register', {
      email: OWNER,
      password: ATTACKER_PASSWORD,
    });
    expect(again.statusCode).toBe(409);
  }

  it('a single sign-up: its code activates its password and signs in', async () => {
    await post(t.app, '/auth/register', { email: OWNER, password: STRONG_PASSWORD });
    const verified = await verify(codeIn(lastMailTo(t.mail, OWNER)));
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().access_token).toEqual(expect.any(String));
    expect((await login(STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it("the owner's own code, after a stranger's sign-up, activates no password", async () => {
    await post(t.app, '/auth/register', { email: OWNER, password: STRONG_PASSWORD });
    const ownersCode = codeIn(lastMailTo(t.mail, OWNER));
    // Someone who does not read the mailbox signs up with the same address.
    const replay = await post(t.app, '/auth/register', {
      email: OWNER,
      password: ATTACKER_PASSWORD,
    });
    expect(replay.statusCode).toBe(201);
    await expectSetPasswordStep(await verify(ownersCode));
  });

  it("a stranger who signed up first: the stranger's code (the owner's first mail) activates no password", async () => {
    await post(t.app, '/auth/register', { email: OWNER, password: ATTACKER_PASSWORD });
    await post(t.app, '/auth/register', { email: OWNER, password: STRONG_PASSWORD });
    const [strangersCode] = codesTo();
    await expectSetPasswordStep(await verify(strangersCode!));
  });

  it("a resent code after a stranger's sign-up activates no password", async () => {
    await post(t.app, '/auth/register', { email: OWNER, password: STRONG_PASSWORD });
    await post(t.app, '/auth/register', { email: OWNER, password: ATTACKER_PASSWORD });
    await sql`update email_verifications set sent_at = sent_at - interval '61 seconds'`.execute(
      t.database.handle.db,
    );
    // The owner clicks "resend" on the verification page.
    expect((await post(t.app, '/auth/resend-verification', { email: OWNER })).statusCode).toBe(200);
    const codes = codesTo();
    expect(codes).toHaveLength(3);
    await expectSetPasswordStep(await verify(codes[2]!));
  });

  it('a code opens the set-password step once: the token it gave is the only one', async () => {
    await post(t.app, '/auth/register', { email: OWNER, password: STRONG_PASSWORD });
    await post(t.app, '/auth/register', { email: OWNER, password: ATTACKER_PASSWORD });
    const [first] = codesTo();
    const opened = await verify(first!);
    expect(opened.statusCode).toBe(200);
    const again = await verify(first!);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('ALREADY_VERIFIED');
  });

  it('a sign-up repeated with the same password resends its code, once a minute at most', async () => {
    await post(t.app, '/auth/register', { email: OWNER, password: STRONG_PASSWORD });
    await post(t.app, '/auth/register', { email: OWNER, password: STRONG_PASSWORD });
    expect(t.mail.filter((mail) => mail.to === OWNER)).toHaveLength(1);
    const code = codeIn(lastMailTo(t.mail, OWNER));
    const verified = await post(t.app, '/auth/verify', { email: OWNER, verification_code: code });
    expect(verified.statusCode).toBe(200);
    expect((await login(STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it('a wrong code still counts against every pending sign-up', async () => {
    await post(t.app, '/auth/register', { email: OWNER, password: STRONG_PASSWORD });
    const code = codeIn(lastMailTo(t.mail, OWNER));
    await post(t.app, '/auth/register', { email: OWNER, password: ATTACKER_PASSWORD });
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      await post(t.app, '/auth/verify', { email: OWNER, verification_code: wrong });
    }
    const blocked = await post(t.app, '/auth/verify', { email: OWNER, verification_code: code });
    expect(blocked.json().code).toBe('TOO_MANY_ATTEMPTS');
  });
});
