import type { Selectable } from 'kysely';
import type { EmailChangesTable, EmailVerificationsTable } from '../schema.js';
import type { Executor } from './executor.js';

export type EmailVerificationRow = Selectable<EmailVerificationsTable>;
export type EmailChangeRow = Selectable<EmailChangesTable>;

/**
 * Sign-up codes and e-mail change codes: one live code per user, replaced on resend, with an
 * attempt counter that is raised before the comparison so parallel guesses cannot exceed it.
 */
export function createEmailVerificationsRepository(db: Executor) {
  return {
    find(userId: string): Promise<EmailVerificationRow | undefined> {
      return db
        .selectFrom('email_verifications')
        .selectAll()
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    async put(userId: string, codeHash: string, expiresAt: Date, sentAt: Date): Promise<void> {
      const values = { code_hash: codeHash, attempts: 0, expires_at: expiresAt, sent_at: sentAt };
      await db
        .insertInto('email_verifications')
        .values({ user_id: userId, ...values })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
        .execute();
    },

    /** Counts one attempt if any are left; undefined when none are left or there is no code. */
    spendAttempt(userId: string, maxAttempts: number): Promise<EmailVerificationRow | undefined> {
      return db
        .updateTable('email_verifications')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('user_id', '=', userId)
        .where('attempts', '<', maxAttempts)
        .returningAll()
        .executeTakeFirst();
    },

    async delete(userId: string): Promise<void> {
      await db.deleteFrom('email_verifications').where('user_id', '=', userId).execute();
    },
  };
}
export type EmailVerificationsRepository = ReturnType<typeof createEmailVerificationsRepository>;

export function createEmailChangesRepository(db: Executor) {
  return {
    find(userId: string): Promise<EmailChangeRow | undefined> {
      return db
        .selectFrom('email_changes')
        .selectAll()
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    async put(
      userId: string,
      newEmail: string,
      codeHash: string,
      expiresAt: Date,
      sentAt: Date,
    ): Promise<void> {
      const values = {
        new_email: newEmail,
        code_hash: codeHash,
        attempts: 0,
        expires_at: expiresAt,
        sent_at: sentAt,
      };
      await db
        .insertInto('email_changes')
        .values({ user_id: userId, ...values })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
        .execute();
    },

    spendAttempt(userId: string, maxAttempts: number): Promise<EmailChangeRow | undefined> {
      return db
        .updateTable('email_changes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('user_id', '=', userId)
        .where('attempts', '<', maxAttempts)
        .returningAll()
        .executeTakeFirst();
    },

    async delete(userId: string): Promise<void> {
      await db.deleteFrom('email_changes').where('user_id', '=', userId).execute();
    },
  };
}
export type EmailChangesRepository = ReturnType<typeof createEmailChangesRepository>;
