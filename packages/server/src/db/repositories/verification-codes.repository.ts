import type { Selectable } from 'kysely';
import type { EmailChangesTable, EmailVerificationsTable } from '../schema.js';
import type { Executor } from './executor.js';

export type EmailVerificationRow = Selectable<EmailVerificationsTable>;
export type EmailChangeRow = Selectable<EmailChangesTable>;

/**
 * Sign-up codes: one pending row per sign-up of an unverified address, each with the password
 * chosen with it. Attempt counters are raised before the comparison, on every row of the user at
 * once, so parallel guesses cannot exceed them whichever code they aim at.
 */
export function createEmailVerificationsRepository(db: Executor) {
  return {
    /** The user's pending sign-ups, newest first. */
    list(userId: string): Promise<EmailVerificationRow[]> {
      return db
        .selectFrom('email_verifications')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('sent_at', 'desc')
        .execute();
    },

    async insert(
      userId: string,
      passwordHash: string | null,
      codeHash: string,
      expiresAt: Date,
      sentAt: Date,
    ): Promise<void> {
      await db
        .insertInto('email_verifications')
        .values({
          user_id: userId,
          password_hash: passwordHash,
          code_hash: codeHash,
          expires_at: expiresAt,
          sent_at: sentAt,
        })
        .execute();
    },

    /** A new code for a pending sign-up (a resend): fresh attempts and expiry. */
    async renew(id: string, codeHash: string, expiresAt: Date, sentAt: Date): Promise<void> {
      await db
        .updateTable('email_verifications')
        .set({ code_hash: codeHash, attempts: 0, expires_at: expiresAt, sent_at: sentAt })
        .where('id', '=', id)
        .execute();
    },

    async deleteOne(id: string): Promise<void> {
      await db.deleteFrom('email_verifications').where('id', '=', id).execute();
    },

    /** Counts one attempt on every row that has some left; returns those rows. */
    spendAttempt(userId: string, maxAttempts: number): Promise<EmailVerificationRow[]> {
      return db
        .updateTable('email_verifications')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('user_id', '=', userId)
        .where('attempts', '<', maxAttempts)
        .returningAll()
        .execute();
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
