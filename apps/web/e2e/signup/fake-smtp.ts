import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A local SMTP server that keeps the mails it receives, for the password-reset test. STARTTLS
 * is off so nodemailer sends in plain text. (The server suite has its own, in apps/server/test.)
 */
export async function startFakeSmtpServer() {
  const mails: { to: string[]; raw: string }[] = [];
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
        mails.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    mails,
    /** The six-digit code of the first mail to `to` after the first `since` mails. */
    async waitForCode(to: string, since: number, ms = 15_000) {
      const deadline = Date.now() + ms;
      while (Date.now() < deadline) {
        const mail = mails.slice(since).find((item) => item.to.includes(to.toLowerCase()));
        const code = mail?.raw.slice(mail.raw.indexOf('\r\n\r\n')).match(/:\s*(\d{6})\b/)?.[1];
        if (code) return code;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`no code mailed to ${to} within ${ms} ms`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeSmtpServer = Awaited<ReturnType<typeof startFakeSmtpServer>>;
