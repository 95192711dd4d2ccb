import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Mailer, MailMessage } from '../adapters/mail/mailer.js';
import type { ObjectStorage } from '../adapters/storage/create-storage.js';
import type { ResolvedConfig } from '../config/server-secrets.js';
import type { Repositories } from '../db/repositories/index.js';
import type { Database } from '../db/schema.js';
import type { JobQueue } from '../queue/job-queue.js';
import type { AccessTokens } from './access-tokens.js';
import type { BackgroundTasks } from './background-tasks.js';
import type { EngineThreads } from './engine-threads.js';
import type { GoogleVerifier } from './google-verifier.js';
import type { PasswordHasher } from './password-hasher.js';

/** What every service receives (docs/adr/0008-service-context.md). */
export interface ServiceContext {
  config: ResolvedConfig;
  db: Kysely<Database>;
  repos: Repositories;
  mailer: Mailer;
  storage: ObjectStorage;
  queue: JobQueue;
  accessTokens: AccessTokens;
  google: GoogleVerifier | null;
  passwords: PasswordHasher;
  logger: FastifyBaseLogger;
  /** Work finished after the response (mail whose timing would reveal an account). */
  background: BackgroundTasks;
  /** The engine's worker threads, shared by job creation and the job worker. */
  engineThreads: EngineThreads;
  now: () => Date;
}

/** Sends a message; a mail failure is logged, not shown, since the person can ask again. */
export async function deliver(ctx: ServiceContext, message: MailMessage): Promise<void> {
  try {
    await ctx.mailer.send(message);
  } catch (error) {
    ctx.logger.error({ err: error, subject: message.subject }, 'mail delivery failed');
  }
}

export const minutes = (n: number) => n * 60_000;
