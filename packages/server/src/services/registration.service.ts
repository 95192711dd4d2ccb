import {
  validatePassword,
  type RegisterResponse,
  type VerifyResponse,
  type MessageResponse,
} from '@repobundle/contract';
import { verificationCodeMail } from '../adapters/mail/templates.js';
import { inTransaction } from '../db/repositories/index.js';
import { isUniqueViolation } from '../db/repositories/executor.js';
import type { EmailVerificationRow } from '../db/repositories/verification-codes.repository.js';
import { badRequest, conflict } from '../errors.js';
import { assertMayJoin, createAccount } from './account-creation.js';
import { deliver, minutes, type ServiceContext } from './context.js';
import { issueResetToken } from './password-reset-tokens.js';
import { createNumericCode, createOpaqueToken, hashSecret, isSameSecret } from './opaque-tokens.js';
import { issueSession } from './sessions.service.js';

export const CODE_TTL_MS = minutes(10);
export const MAX_CODE_ATTEMPTS = 5;
export const RESEND_INTERVAL_MS = 60_000;

export const ACCOUNT_EXISTS = 'An account with this email already exists.';

export function assertStrongPassword(password: string): void {
  const errors = validatePassword(password);
  if (errors.length > 0) {
    throw badRequest('WEAK_PASSWORD', 'Password does not meet security requirements', errors);
  }
}

/** Sign-ups of one unverified address kept at once; a further one replaces the newest. */
export const MAX_PENDING_SIGN_UPS = 3;

async function mailCode(
  ctx: ServiceContext,
  email: string,
  store: (codeHash: string, expiresAt: Date, sentAt: Date) => Promise<void>,
) {
  const code = createNumericCode(6);
  const now = ctx.now();
  await store(hashSecret(ctx.config.jwtSecret, code), new Date(now.getTime() + CODE_TTL_MS), now);
  await deliver(ctx, { to: email, ...verificationCodeMail(code) });
}

/** A new pending sign-up of an unverified account: its own code, bound to its password. */
async function addPendingSignUp(
  ctx: ServiceContext,
  userId: string,
  email: string,
  passwordHash: string,
) {
  const pending = await ctx.repos.emailVerifications.list(userId);
  // The oldest stay: one of them may be the owner's, whose code is already in their mailbox.
  if (pending.length >= MAX_PENDING_SIGN_UPS) {
    await ctx.repos.emailVerifications.deleteOne(pending[0]!.id);
  }
  await mailCode(ctx, email, (codeHash, expiresAt, sentAt) =>
    ctx.repos.emailVerifications.insert(userId, passwordHash, codeHash, expiresAt, sentAt),
  );
}

/** A fresh code for a pending sign-up, unless one went out less than a minute ago. */
async function resendPendingSignUp(
  ctx: ServiceContext,
  pending: EmailVerificationRow,
  email: string,
): Promise<void> {
  if (ctx.now().getTime() - pending.sent_at.getTime() < RESEND_INTERVAL_MS) return;
  await mailCode(ctx, email, (codeHash, expiresAt, sentAt) =>
    ctx.repos.emailVerifications.renew(pending.id, codeHash, expiresAt, sentAt),
  );
}

/** The pending sign-up of this account that chose this password, if any. */
async function pendingSignUpWith(
  ctx: ServiceContext,
  pending: readonly EmailVerificationRow[],
  password: string,
): Promise<EmailVerificationRow | undefined> {
  for (const row of pending) {
    if (row.password_hash && (await ctx.passwords.isValid(row.password_hash, password))) {
      return row;
    }
  }
  return undefined;
}

/**
 * Sign-up: an unverified account with a 6-digit code mailed to it. Signing up again before
 * verifying changes no password: it is a further pending sign-up with its own code. A code
 * activates the password chosen with it only while its sign-up is the address's only one; with
 * several, any code verifies the address and leads to setting a password (see verifyEmail), so
 * only whoever reads the mailbox decides the password. The same password again resends that
 * sign-up's code, at most once a minute.
 */
export async function register(
  ctx: ServiceContext,
  email: string,
  password: string,
): Promise<RegisterResponse> {
  assertStrongPassword(password);
  await assertMayJoin(ctx, email);
  const existing = await ctx.repos.users.findByEmail(email);
  if (existing && (existing.is_verified || !existing.password_hash)) {
    throw conflict('EMAIL_EXISTS', ACCOUNT_EXISTS);
  }
  if (existing) {
    const pending = await ctx.repos.emailVerifications.list(existing.id);
    const same = await pendingSignUpWith(ctx, pending, password);
    if (same) await resendPendingSignUp(ctx, same, email);
    else await addPendingSignUp(ctx, existing.id, email, await ctx.passwords.hash(password));
  } else {
    const passwordHash = await ctx.passwords.hash(password);
    let userId: string;
    try {
      const user = await inTransaction(ctx.db, (repos) =>
        createAccount(ctx, repos, { email, passwordHash, googleSub: null, isVerified: false }),
      );
      userId = user.id;
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('EMAIL_EXISTS', ACCOUNT_EXISTS);
      throw error;
    }
    await addPendingSignUp(ctx, userId, email, passwordHash);
  }
  return {
    message: 'Registration successful. Please check your email for the verification code.',
    email,
    verification_required: true,
  };
}

const invalidCode = (left?: number) =>
  badRequest(
    'INVALID_CODE',
    left === undefined
      ? 'Invalid verification code.'
      : `Invalid verification code. ${left} attempt${left === 1 ? '' : 's'} left.`,
  );

const TOO_MANY_ATTEMPTS = () =>
  badRequest('TOO_MANY_ATTEMPTS', 'Too many incorrect attempts. Please request a new code.');

/** Checks a code against a pending row whose attempt was already counted. */
export function checkCode(
  ctx: ServiceContext,
  row: { code_hash: string; attempts: number; expires_at: Date } | undefined,
  code: string,
): void {
  if (!row) throw TOO_MANY_ATTEMPTS();
  if (row.expires_at.getTime() <= ctx.now().getTime()) {
    throw badRequest(
      'CODE_EXPIRED',
      'The verification code has expired. Please request a new one.',
    );
  }
  if (!isSameSecret(row.code_hash, hashSecret(ctx.config.jwtSecret, code))) {
    const left = MAX_CODE_ATTEMPTS - row.attempts;
    throw left > 0 ? invalidCode(left) : TOO_MANY_ATTEMPTS();
  }
}

export async function verifyEmail(
  ctx: ServiceContext,
  email: string,
  code: string,
): Promise<VerifyResponse> {
  const user = await ctx.repos.users.findByEmail(email);
  if (!user) throw invalidCode();
  if (user.is_verified) {
    throw badRequest('ALREADY_VERIFIED', 'This email is already verified. Please sign in.');
  }
  const now = ctx.now().getTime();
  const pending = await ctx.repos.emailVerifications.list(user.id);
  if (pending.every((row) => row.expires_at.getTime() <= now)) {
    throw badRequest(
      'CODE_EXPIRED',
      'The verification code has expired. Please request a new one.',
    );
  }
  const rows = await ctx.repos.emailVerifications.spendAttempt(user.id, MAX_CODE_ATTEMPTS);
  const codeHash = hashSecret(ctx.config.jwtSecret, code);
  const match = rows.find((row) => isSameSecret(row.code_hash, codeHash));
  // No match: report against the sign-up with the most attempts left.
  const reported = match ?? [...rows].sort((a, b) => a.attempts - b.attempts)[0];
  checkCode(ctx, reported, code);
  const chosen = reported!;
  const signUps = pending.filter((row) => row.password_hash !== null);
  if (!chosen.password_hash || signUps.length > 1) return openSetPasswordStep(ctx, user.id);
  const passwordHash = chosen.password_hash;
  const tokens = await inTransaction(ctx.db, async (repos) => {
    await repos.users.update(user.id, { is_verified: true, password_hash: passwordHash });
    await repos.emailVerifications.delete(user.id);
    return issueSession(ctx, repos, user.id);
  });
  return { ...tokens, message: 'Email verified successfully.' };
}

/**
 * The address had more than one sign-up, and whoever reads the mailbox cannot tell which mailed
 * code came with whose password (nor which sign-up a resend renewed): the code proves the
 * mailbox and nothing more. The account is verified with a password nobody knows, and the
 * answer carries a reset token so the person sets their password at once.
 */
async function openSetPasswordStep(ctx: ServiceContext, userId: string): Promise<VerifyResponse> {
  const unknownPassword = await ctx.passwords.hash(createOpaqueToken());
  const token = await inTransaction(ctx.db, async (repos) => {
    await repos.users.update(userId, {
      is_verified: true,
      password_hash: unknownPassword,
      sessions_valid_from: ctx.now(),
    });
    await repos.emailVerifications.delete(userId);
    return issueResetToken(ctx, repos, userId);
  });
  return {
    message: 'Email verified. Choose your password to finish.',
    password_reset_token: token,
  };
}

/**
 * Always the same answer, at the same speed, whether or not the address has an unverified
 * account and whether or not its last code went out within the minute: the resend itself
 * (at most one a minute) happens after the answer.
 */
export async function resendVerification(
  ctx: ServiceContext,
  email: string,
): Promise<MessageResponse> {
  ctx.background.run('verification code resend', () => resendLatestCode(ctx, email));
  return {
    message:
      'If an unverified account exists for this email, a new verification code has been sent.',
  };
}

/**
 * Renews the newest sign-up's code. Harmless even when that sign-up is a stranger's: with more
 * than one sign-up no code activates a password.
 */
async function resendLatestCode(ctx: ServiceContext, email: string): Promise<void> {
  const user = await ctx.repos.users.findByEmail(email);
  if (!user || user.is_verified) return;
  const [latest] = await ctx.repos.emailVerifications.list(user.id);
  if (latest) await resendPendingSignUp(ctx, latest, email);
}
