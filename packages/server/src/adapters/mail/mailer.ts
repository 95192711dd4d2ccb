export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Where e-mail goes: SMTP in a deployment, the database outbox by default. */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}
