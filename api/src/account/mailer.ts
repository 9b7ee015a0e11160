import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { ApiConfig } from '../config.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Set when resending must look like the same message (the notifications' outbox). */
  messageId?: string;
  replyTo?: string;
}

export interface Mailer {
  /** Sends the mail; without SMTP_URL it is written to DATA_DIR/mails and the file's path is returned. */
  send(mail: Mail): Promise<{ file: string | undefined }>;
  close(): void;
}

export function createMailer(config: Pick<ApiConfig, 'smtpUrl' | 'mailFrom' | 'dataDir' | 'now'>): Mailer {
  if (config.smtpUrl !== undefined) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: config.mailFrom, ...mail });
        return { file: undefined };
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const folder = join(config.dataDir, 'mails');
  let sequence = 0;
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: config.mailFrom, ...mail });
      await mkdir(folder, { recursive: true });
      sequence += 1;
      const stamp = config.now().toISOString().replace(/[:.]/g, '-');
      const file = join(folder, `${stamp}-${process.pid}-${String(sequence).padStart(6, '0')}.eml`);
      await writeFile(file, info.message);
      return { file };
    },
    close: () => transport.close(),
  };
}
