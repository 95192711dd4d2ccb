import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  raw: string;
  /** Headers stripped, quoted-printable decoded: what a person reads. */
  text: string;
}

function decodeQuotedPrintable(body: string): string {
  return body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** A real SMTP server on loopback that keeps every message it receives. */
export async function startSmtpCapture(): Promise<{
  port: number;
  mails: CapturedMail[];
  waitFor(to: string, match: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  close(): Promise<void>;
}> {
  const mails: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const body = raw.slice(raw.search(/\r?\n\r?\n/));
        mails.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          raw,
          text: decodeQuotedPrintable(body),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  const waitFor = async (to: string, match: RegExp, timeoutMs = 15_000) => {
    const deadline = Date.now() + timeoutMs;
    const seen = new Set<CapturedMail>();
    while (Date.now() < deadline) {
      for (const mail of mails) {
        if (seen.has(mail) || !mail.to.includes(to.toLowerCase())) continue;
        seen.add(mail);
        const found = mail.text.match(match);
        if (found) {
          mails.splice(mails.indexOf(mail), 1);
          return found;
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`No mail to ${to} matching ${match} within ${timeoutMs} ms`);
  };

  return {
    port,
    mails,
    waitFor,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
