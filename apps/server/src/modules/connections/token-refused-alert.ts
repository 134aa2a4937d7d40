import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { TokenRefusedAlertPayload } from './connections.jobs.ts';
import type { ConnectionsRepository } from './connections.repository.ts';

export type AlertLanguage = 'pt' | 'en' | 'es';

interface AlertText {
  subject: (connection: string) => string;
  lines: (connection: string, detail: string, url: string) => string[];
}

/** The mail to a company's admins when Meta refuses a connection's token, in each messages language. */
const texts: Record<AlertLanguage, AlertText> = {
  pt: {
    subject: (connection) => `Conexão "${connection}" desconectada: a Meta recusou o token de acesso`,
    lines: (connection, detail, url) => [
      'Olá,',
      '',
      `A Meta recusou o token de acesso da conexão "${connection}" (WhatsApp Cloud API), que foi desconectada.`,
      `Motivo informado pela Meta: ${detail}`,
      '',
      'As mensagens para os clientes aguardam e serão enviadas assim que a conexão voltar.',
      'Para reconectar, gere um novo token permanente (Configurações do negócio da Meta → Usuários do sistema)',
      `e salve-o na conexão, em ${url}`,
      '',
      'Este aviso vai uma única vez para os administradores da empresa.',
    ],
  },
  en: {
    subject: (connection) => `Connection "${connection}" disconnected: Meta refused its access token`,
    lines: (connection, detail, url) => [
      'Hello,',
      '',
      `Meta refused the access token of the connection "${connection}" (WhatsApp Cloud API), which is now disconnected.`,
      `Meta's reason: ${detail}`,
      '',
      'Messages to customers wait and will be sent as soon as the connection is back.',
      'To reconnect, generate a new permanent token (Meta Business Settings → System users)',
      `and save it on the connection, at ${url}`,
      '',
      "This notice goes once to the company's admins.",
    ],
  },
  es: {
    subject: (connection) => `Conexión "${connection}" desconectada: Meta rechazó el token de acceso`,
    lines: (connection, detail, url) => [
      'Hola,',
      '',
      `Meta rechazó el token de acceso de la conexión "${connection}" (WhatsApp Cloud API), que quedó desconectada.`,
      `Motivo informado por Meta: ${detail}`,
      '',
      'Los mensajes para los clientes esperan y se enviarán en cuanto la conexión vuelva.',
      'Para reconectar, genera un nuevo token permanente (Configuración del negocio de Meta → Usuarios del sistema)',
      `y guárdalo en la conexión, en ${url}`,
      '',
      'Este aviso se envía una sola vez a los administradores de la empresa.',
    ],
  },
};

/** Subject and plain text of the alert. */
export function buildTokenRefusedMail(language: AlertLanguage, connection: string, detail: string, url: string) {
  const text = texts[language] ?? texts.pt;
  return { subject: text.subject(connection), text: text.lines(connection, detail, url).join('\n') };
}

/**
 * The job's work: one mail to every admin of the company, through the platform's SMTP transport.
 * Nothing is mailed without SMTP (the connections page and the side menu's warning still show it),
 * nor once the connection is back (an admin fixed it before the job ran).
 */
export function createTokenRefusedAlert(deps: {
  mailer: Mailer;
  repository: Pick<ConnectionsRepository, 'findRow'>;
  /** The company's admins' addresses. */
  adminEmails: (companyId: number) => Promise<string[]>;
  /** The company's messages language. */
  language: (companyId: number) => Promise<AlertLanguage>;
  /** The web app's connections page. */
  connectionsUrl: string;
  log: FastifyBaseLogger;
}) {
  return async ({ companyId, connectionId, detail }: TokenRefusedAlertPayload) => {
    const { mailer, log } = deps;
    if (!mailer) {
      log.info({ companyId, connectionId }, 'token refused; no SMTP server configured, admins not mailed');
      return;
    }
    const connection = await deps.repository.findRow(companyId, connectionId);
    if (connection?.status !== 'DISCONNECTED') return;
    const admins = await deps.adminEmails(companyId);
    if (admins.length === 0) return;
    const mail = buildTokenRefusedMail(await deps.language(companyId), connection.name, detail, deps.connectionsUrl);
    // One mail to them all, as a team notice: a retried job does not mail the first ones twice.
    await mailer.send({ to: admins.join(', '), ...mail });
    log.info({ companyId, connectionId, admins: admins.length }, 'token refused; admins mailed');
  };
}
