import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  codeIn,
  createTestApp,
  lastMailTo,
  OTHER_STRONG_PASSWORD,
  post,
  STRONG_PASSWORD,
  type TestApp,
} from '../../../../test/support/test-app.js';
import {
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from '../../../../test/support/test-database.js';

const OWNER = 'owner@example.com';
const ATTACKER_PASSWORD = OTHER_STRONG_PASSWORD;

describe.each(databaseKinds())('signing up again before verification on %s', (kind) => {
  let database: TestDatabase;
  let t: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    t = await createTestApp(database);
  });
  afterAll(async () => {
    await t.app.close();
    await database.destroy();
  });
  beforeEach(async () => {
    await database.reset();
    t.mail.length = 0;
  });

  const login = (password: string) => post(t.app, '/auth/login', { email: OWNER, password });

  it("does not let a stranger's sign-up choose the password the owner's code activates", async () => {
    expect(
      (await post(t.app, '/auth/register', { email: OWNER, password: STRONG_PASSWORD })).statusCode,
    ).toBe(201);
    const ownersCode = codeIn(lastMailTo(t.mail, OWNER));

    // Someone who does not read the mailbox signs up with the same address.
    const replay = await post(t.app, '/auth/register', {
      email: OWNER,
      password: ATTACKER_PASSWORD,
    });
    expect(replay.statusCode).toBe(201);

    const verified = await post(t.app, '/auth/verify', {
      email: OWNER,
      verification_code: ownersCode,
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await login(ATTACKER_PASSWORD)).statusCode).toBe(401);
    expect((await login(STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it('the same holds when the stranger signed up first', async () => {
    await post(t.app, '/auth/register', { email: OWNER, password: ATTACKER_PASSWORD });
    await post(t.app, '/auth/register', { email: OWNER, password: STRONG_PASSWORD });
    const ownersCode = codeIn(lastMailTo(t.mail, OWNER));
    const verified = await post(t.app, '/auth/verify', {
      email: OWNER,
      verification_code: ownersCode,
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await login(ATTACKER_PASSWORD)).statusCode).toBe(401);
    expect((await login(STRONG_PASSWORD)).statusCode).toBe(200);
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
