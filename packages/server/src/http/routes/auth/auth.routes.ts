import {
  emailOnlyRequestSchema,
  googleLoginRequestSchema,
  loginRequestSchema,
  refreshRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  verifyRequestSchema,
} from '@repobundle/contract';
import type { FastifyInstance } from 'fastify';
import { login, loginWithGoogle } from '../../../services/login.service.js';
import { requestPasswordReset, resetPassword } from '../../../services/password.service.js';
import {
  register,
  resendVerification,
  verifyEmail,
} from '../../../services/registration.service.js';
import { refreshSession } from '../../../services/sessions.service.js';
import { authRateLimit } from '../../plugins/rate-limit.js';
import { bodyOf, type RouteOptions } from '../route-context.js';

/** Signed-out /auth calls: sign-up, verification, sign-in, refresh and password recovery. */
export async function authRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const config = authRateLimit(ctx.config.authRateLimit);

  app.post(
    '/auth/register',
    { schema: { body: registerRequestSchema }, config },
    async (req, reply) => {
      const { email, password } = bodyOf(registerRequestSchema, req);
      return reply.status(201).send(await register(ctx, email, password));
    },
  );

  app.post('/auth/verify', { schema: { body: verifyRequestSchema }, config }, async (req) => {
    const { email, verification_code } = bodyOf(verifyRequestSchema, req);
    return verifyEmail(ctx, email, verification_code);
  });

  app.post(
    '/auth/resend-verification',
    { schema: { body: emailOnlyRequestSchema }, config },
    async (req) => resendVerification(ctx, bodyOf(emailOnlyRequestSchema, req).email),
  );

  app.post('/auth/login', { schema: { body: loginRequestSchema }, config }, async (req) => {
    const { email, password } = bodyOf(loginRequestSchema, req);
    return login(ctx, email, password);
  });

  app.post('/auth/google', { schema: { body: googleLoginRequestSchema }, config }, async (req) =>
    loginWithGoogle(ctx, bodyOf(googleLoginRequestSchema, req).credential),
  );

  app.post('/auth/refresh', { schema: { body: refreshRequestSchema }, config }, async (req) =>
    refreshSession(ctx, bodyOf(refreshRequestSchema, req).refresh_token),
  );

  app.post(
    '/auth/forgot-password',
    { schema: { body: emailOnlyRequestSchema }, config },
    async (req) => requestPasswordReset(ctx, bodyOf(emailOnlyRequestSchema, req).email),
  );

  app.post(
    '/auth/reset-password',
    { schema: { body: resetPasswordRequestSchema }, config },
    async (req) => {
      const { email, reset_token, new_password } = bodyOf(resetPasswordRequestSchema, req);
      const answer = await resetPassword(ctx, email, reset_token, new_password);
      // The owner proved the mailbox: earlier failed tries from here must not keep them out.
      await app.rateLimits.forget(req, 'POST', '/auth/login');
      return answer;
    },
  );
}
