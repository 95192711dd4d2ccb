import {
  changeEmailRequestSchema,
  changePasswordRequestSchema,
  settingsUpdateRequestSchema,
  verifyEmailChangeRequestSchema,
  welcomeModalRequestSchema,
} from '@repobundle/contract';
import type { FastifyInstance } from 'fastify';
import {
  getProfile,
  getProfileForSession,
  setWelcomeModalSeen,
  updateSettings,
} from '../../../services/profile.service.js';
import { requestEmailChange, verifyEmailChange } from '../../../services/email-change.service.js';
import { changePassword } from '../../../services/password.service.js';
import { presentSettings, presentUser } from '../../../presenters/user.presenter.js';
import { createAuthenticate, currentUser, loadCurrentUser } from '../../plugins/authenticate.js';
import { authRateLimit } from '../../plugins/rate-limit.js';
import { bodyOf, type RouteOptions } from '../route-context.js';

/** Signed-in /auth calls: the current user, settings and credential changes. */
export async function accountRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const onRequest = createAuthenticate(ctx);
  const config = authRateLimit(ctx.config.authRateLimit);

  // The profile (plan, credits) is what a program checks before it sends a job; a client polls
  // it, so a session's is read with its balances in one statement.
  const readProfile = createAuthenticate(ctx, { apiKey: 'read', deferUserLookup: true });
  app.get('/auth/me', { onRequest: readProfile }, async (req) => {
    const fast = req.sessionClaims ? await getProfileForSession(ctx, req.sessionClaims) : undefined;
    return presentUser(fast ?? (await getProfile(ctx, await loadCurrentUser(ctx, req))));
  });

  app.get('/auth/settings', { onRequest }, async (req) => presentSettings(currentUser(req)));

  app.put(
    '/auth/settings',
    { onRequest, schema: { body: settingsUpdateRequestSchema } },
    async (req) => {
      const user = await updateSettings(
        ctx,
        currentUser(req),
        bodyOf(settingsUpdateRequestSchema, req),
      );
      return { message: 'Settings saved successfully!', settings: presentSettings(user) };
    },
  );

  app.put(
    '/auth/welcome-modal',
    { onRequest, schema: { body: welcomeModalRequestSchema } },
    async (req) => {
      const { welcome_modal_seen } = bodyOf(welcomeModalRequestSchema, req);
      const user = await setWelcomeModalSeen(ctx, currentUser(req), welcome_modal_seen);
      return { welcome_modal_seen: user.welcome_modal_seen };
    },
  );

  app.post(
    '/auth/change-password',
    { onRequest, schema: { body: changePasswordRequestSchema }, config },
    async (req) => {
      const { current_password, new_password } = bodyOf(changePasswordRequestSchema, req);
      return changePassword(ctx, currentUser(req), current_password, new_password);
    },
  );

  app.post(
    '/auth/change-email',
    { onRequest, schema: { body: changeEmailRequestSchema }, config },
    async (req) => {
      const { current_password, new_email } = bodyOf(changeEmailRequestSchema, req);
      return requestEmailChange(ctx, currentUser(req), current_password, new_email);
    },
  );

  app.post(
    '/auth/verify-email-change',
    { onRequest, schema: { body: verifyEmailChangeRequestSchema }, config },
    async (req) => {
      const { email, verification_code } = bodyOf(verifyEmailChangeRequestSchema, req);
      return verifyEmailChange(ctx, currentUser(req), email, verification_code);
    },
  );
}
