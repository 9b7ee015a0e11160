import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on loopback that keeps what it receives, so a journey can open the mail a user would. */
export interface Mailbox {
  url: string;
  messages: ParsedMail[];
  /** Resolves with the first mail to `to` received from now on; rejects after `timeoutMs` (30 s unless told). */
  waitFor(to: string, options?: { timeoutMs?: number }): Promise<ParsedMail>;
  close(): Promise<void>;
}

export async function startMailbox(): Promise<Mailbox> {
  const messages: ParsedMail[] = [];
  const waiters: { to: string; resolve: (mail: ParsedMail) => void }[] = [];
  const recipients = (mail: ParsedMail) =>
    [mail.to].flat().flatMap((address) => address?.value.map((v) => v.address?.toLowerCase()) ?? []);

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          messages.push(mail);
          const to = recipients(mail);
          for (const waiter of [...waiters]) {
            if (to.includes(waiter.to)) {
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.resolve(mail);
            }
          }
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(to, { timeoutMs = 30_000 } = {}) {
      const wanted = to.toLowerCase();
      const mail = new Promise<ParsedMail>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no mail to ${to} within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({
          to: wanted,
          resolve: (mail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        });
      });
      // Awaited later, after the step that sends it: a time-out must fail that await, with the step's own error
      // first, not end the test as an unhandled rejection while the step is still waiting.
      mail.catch(() => {});
      return mail;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
