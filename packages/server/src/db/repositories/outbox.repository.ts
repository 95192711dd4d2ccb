import type { Selectable } from 'kysely';
import type { OutboxMailTable } from '../schema.js';
import type { Executor } from './executor.js';

export type OutboxRow = Selectable<OutboxMailTable>;

export function createOutboxRepository(db: Executor) {
  return {
    insert(mail: { to: string; subject: string; text: string; html: string }): Promise<OutboxRow> {
      return db
        .insertInto('outbox_mail')
        .values({
          to_address: mail.to,
          subject: mail.subject,
          text_body: mail.text,
          html_body: mail.html,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async markSent(id: string, now: Date): Promise<void> {
      await db.updateTable('outbox_mail').set({ sent_at: now }).where('id', '=', id).execute();
    },

    async markFailed(id: string, error: string): Promise<void> {
      await db.updateTable('outbox_mail').set({ last_error: error }).where('id', '=', id).execute();
    },

    latest(limit: number, to?: string): Promise<OutboxRow[]> {
      let query = db.selectFrom('outbox_mail').selectAll();
      if (to) query = query.where('to_address', '=', to);
      return query.orderBy('created_at', 'desc').limit(limit).execute();
    },
  };
}
export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
