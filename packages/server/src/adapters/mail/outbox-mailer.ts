import type { FastifyBaseLogger } from 'fastify';
import type { OutboxRepository } from '../../db/repositories/outbox.repository.js';
import type { Mailer } from './mailer.js';

/**
 * Without SMTP, mail is kept in the database and its text logged, so a person running the
 * server locally can read the code or link (`npm run admin -- outbox`). Never used when
 * SMTP_URL is set, because the text holds one-time secrets.
 */
export function createOutboxMailer(outbox: OutboxRepository, logger: FastifyBaseLogger): Mailer {
  return {
    kind: 'outbox',
    async send(message) {
      const row = await outbox.insert(message);
      logger.info(
        { outboxId: row.id, to: message.to, subject: message.subject },
        `mail stored in outbox (no SMTP_URL):\n${message.text}`,
      );
    },
    async close() {},
  };
}
