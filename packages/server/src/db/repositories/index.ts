import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { createApiKeysRepository } from './api-keys.repository.js';
import { createCheckoutSessionsRepository } from './checkout-sessions.repository.js';
import { createCreditsRepository } from './credits.repository.js';
import { createGithubAccountsRepository } from './github-accounts.repository.js';
import { createGithubOauthStatesRepository } from './github-oauth-states.repository.js';
import { createJobsRepository } from './jobs.repository.js';
import { createLoginFailuresRepository } from './login-failures.repository.js';
import { createOutboxRepository } from './outbox.repository.js';
import { createPasswordResetsRepository } from './password-resets.repository.js';
import { createPlansRepository } from './plans.repository.js';
import { createRefreshTokensRepository } from './refresh-tokens.repository.js';
import { createUploadsRepository } from './uploads.repository.js';
import { createUsersRepository } from './users.repository.js';
import {
  createEmailChangesRepository,
  createEmailVerificationsRepository,
} from './verification-codes.repository.js';
import { createWaitlistRepository } from './waitlist.repository.js';

/** Every repository bound to one executor (the database or an open transaction). */
export function createRepositories(db: Kysely<Database>) {
  return {
    users: createUsersRepository(db),
    plans: createPlansRepository(db),
    credits: createCreditsRepository(db),
    refreshTokens: createRefreshTokensRepository(db),
    emailVerifications: createEmailVerificationsRepository(db),
    emailChanges: createEmailChangesRepository(db),
    passwordResets: createPasswordResetsRepository(db),
    waitlist: createWaitlistRepository(db),
    outbox: createOutboxRepository(db),
    uploads: createUploadsRepository(db),
    jobs: createJobsRepository(db),
    checkoutSessions: createCheckoutSessionsRepository(db),
    githubAccounts: createGithubAccountsRepository(db),
    githubOauthStates: createGithubOauthStatesRepository(db),
    loginFailures: createLoginFailuresRepository(db),
    apiKeys: createApiKeysRepository(db),
  };
}
export type Repositories = ReturnType<typeof createRepositories>;

/** Runs fn with repositories bound to one transaction. */
export function inTransaction<T>(db: Kysely<Database>, fn: (repos: Repositories) => Promise<T>) {
  return db.transaction().execute((trx) => fn(createRepositories(trx)));
}
