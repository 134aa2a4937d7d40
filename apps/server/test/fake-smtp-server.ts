import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { EVENTUALLY_MS } from './eventually.ts';
import { pastDeadline } from './machine-pace.ts';

export interface CapturedMail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A local SMTP server that keeps every mail it receives, for tests of mail-sending features.
 * STARTTLS is off (nodemailer would otherwise try to upgrade to TLS with no certificate).
 */
export async function startFakeSmtpServer() {
  const mails: CapturedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        raw += chunk;
      });
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
        });
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    port,
    mails,
    /** The next mail sent to `to` after `since` mails had arrived, or a rejection after `ms`. */
    async waitForMail(to: string, since = 0, ms = EVENTUALLY_MS): Promise<CapturedMail> {
      const startedAt = Date.now();
      for (;;) {
        const found = mails.slice(since).find((mail) => mail.to.includes(to.toLowerCase()) || mail.to.includes(to));
        if (found) return found;
        if (pastDeadline(startedAt, ms)) throw new Error(`no mail to ${to} within ${ms} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeSmtpServer = Awaited<ReturnType<typeof startFakeSmtpServer>>;

/** The six-digit code in a captured mail's text. */
export function readCode(mail: CapturedMail) {
  const body = mail.raw.slice(mail.raw.indexOf('\r\n\r\n'));
  const match = body.match(/:\s*(\d{6})\b/);
  if (!match) throw new Error(`no code in mail:\n${mail.raw}`);
  return match[1];
}

/** A captured mail's subject and plain text, decoded from what nodemailer writes (encoded words, quoted-printable, base64). */
export function readMail(mail: CapturedMail) {
  const split = mail.raw.indexOf('\r\n\r\n');
  const head = mail.raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = mail.raw.slice(split + 4);
  const subject = (head.match(/^Subject: (.*)$/im)?.[1] ?? '').replace(
    /=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi,
    (_, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
  const encoding = head
    .match(/^Content-Transfer-Encoding: (.*)$/im)?.[1]
    ?.trim()
    .toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body.replace(/=\r\n/g, ''))
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  return { subject, text: text.replace(/\r\n/g, '\n') };
}

function decodeQuotedPrintable(text: string) {
  const bytes = text.replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}
