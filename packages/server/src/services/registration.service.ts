import {
  validatePassword,
  type RegisterResponse,
  type VerifyResponse,
  type MessageResponse,
} from '@repobundle/contract';
import { verificationCodeMail } from '../adapters/mail/templates.js';
import { inTransaction } from '../db/repositories/index.js';
import { isUniqueViolation } from '../db/repositories/executor.js';
import { badRequest, conflict, tooManyRequests } from '../errors.js';
import { assertMayJoin, createAccount } from './accounts.js';
import { deliver, minutes, type ServiceContext } from './context.js';
import { createNumericCode, hashSecret, isSameSecret } from './secrets.js';
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

async function sendVerificationCode(ctx: ServiceContext, userId: string, email: string) {
  const code = createNumericCode(6);
  const now = ctx.now();
  await ctx.repos.emailVerifications.put(
    userId,
    hashSecret(ctx.config.jwtSecret, code),
    new Date(now.getTime() + CODE_TTL_MS),
    now,
  );
  await deliver(ctx, { to: email, ...verificationCodeMail(code) });
}

/**
 * Sign-up: an unverified account with a 6-digit code mailed to it. Signing up again before
 * verifying replaces the password (the first attempt may have been someone else's) and sends
 * a new code unless one went out less than a minute ago.
 */
export async function register(
  ctx: ServiceContext,
  email: string,
  password: string,
): Promise<RegisterResponse> {
  assertStrongPassword(password);
  await assertMayJoin(ctx, email);
  const passwordHash = await ctx.passwords.hash(password);
  const existing = await ctx.repos.users.findByEmail(email);
  if (existing && (existing.is_verified || !existing.password_hash)) {
    throw conflict('EMAIL_EXISTS', ACCOUNT_EXISTS);
  }
  let userId: string;
  if (existing) {
    await ctx.repos.users.update(existing.id, { password_hash: passwordHash });
    userId = existing.id;
    const pending = await ctx.repos.emailVerifications.find(userId);
    const isRecent =
      pending && ctx.now().getTime() - pending.sent_at.getTime() < RESEND_INTERVAL_MS;
    if (!isRecent) await sendVerificationCode(ctx, userId, email);
  } else {
    try {
      const user = await inTransaction(ctx.db, (repos) =>
        createAccount(ctx, repos, { email, passwordHash, googleSub: null, isVerified: false }),
      );
      userId = user.id;
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('EMAIL_EXISTS', ACCOUNT_EXISTS);
      throw error;
    }
    await sendVerificationCode(ctx, userId, email);
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
  if (!(await ctx.repos.emailVerifications.find(user.id))) {
    throw badRequest(
      'CODE_EXPIRED',
      'The verification code has expired. Please request a new one.',
    );
  }
  const row = await ctx.repos.emailVerifications.spendAttempt(user.id, MAX_CODE_ATTEMPTS);
  checkCode(ctx, row, code);
  const tokens = await inTransaction(ctx.db, async (repos) => {
    await repos.users.update(user.id, { is_verified: true });
    await repos.emailVerifications.delete(user.id);
    return issueSession(ctx, repos, user.id);
  });
  return { ...tokens, message: 'Email verified successfully.' };
}

export async function resendVerification(
  ctx: ServiceContext,
  email: string,
): Promise<MessageResponse> {
  const answer = {
    message:
      'If an unverified account exists for this email, a new verification code has been sent.',
  };
  const user = await ctx.repos.users.findByEmail(email);
  if (!user || user.is_verified) return answer;
  const pending = await ctx.repos.emailVerifications.find(user.id);
  if (pending) {
    const waitMs = pending.sent_at.getTime() + RESEND_INTERVAL_MS - ctx.now().getTime();
    if (waitMs > 0) {
      throw tooManyRequests(
        'RESEND_TOO_SOON',
        `Please wait ${Math.ceil(waitMs / 1000)} seconds before requesting a new code.`,
        waitMs / 1000,
      );
    }
  }
  await sendVerificationCode(ctx, user.id, email);
  return answer;
}
