import type { Transporter } from 'nodemailer';
import type { Config } from '../config.ts';

/** A plain-text mail to one address. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Sends mail through the configured SMTP server; null when SMTP_HOST is unset. One per process:
 * every feature that mails (password reset codes, connection alerts) shares its transport.
 */
export type Mailer = { send: (mail: Mail) => Promise<void> } | null;

export function createMailer(smtp: Config['smtp']): Mailer {
  if (!smtp) return null;
  // Loaded by the first mail: a server at rest does not keep the mail client in memory.
  let transport: Promise<Transporter> | undefined;
  const connect = async () => {
    const { default: nodemailer } = await import('nodemailer');
    return nodemailer.createTransport({
      host: smtp.host,
      port: smtp.port,
      secure: smtp.secure,
      ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.pass ?? '' } } : {}),
      // Fail fast: a person may wait on the page for the answer (a reset code).
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
  };
  return {
    async send(mail) {
      transport ??= connect();
      await (await transport).sendMail({ from: smtp.from, ...mail });
    },
  };
}
