import { AppError } from '../../../../../platform/http/app-error.ts';
import { GraphApiError, type GraphClient, type GraphCredentials, graphErrorCodes } from '../graph-client.ts';
import { type FilledTemplate, fillTemplate, isSendable, shapeOf, variableCountOf } from './template-components.ts';
import type { TemplateRow, TemplatesRepository, TemplateWrite } from './templates.repository.ts';

/** A Cloud API connection of the company with its credentials; `other` for another provider; null for none. */
export type CloudConnectionLookup = (
  companyId: number,
  whatsappId: number,
) => Promise<
  | { kind: 'cloud'; credentials: GraphCredentials; ref: { id: number; companyId: number; name: string } }
  | { kind: 'other' }
  | null
>;

function toRecord(row: TemplateRow) {
  const shape = shapeOf(row.components);
  return {
    id: row.id,
    whatsappId: row.whatsappId,
    name: row.name,
    language: row.language,
    category: row.category,
    status: row.status,
    headerText: shape.headerText,
    headerFormat: shape.headerFormat,
    bodyText: shape.bodyText,
    footerText: shape.footerText,
    buttons: shape.buttons,
    variableCount: variableCountOf(shape),
    sendable: isSendable(row.status, shape),
    syncedAt: row.syncedAt,
  };
}

/**
 * A Cloud API connection's message templates: synchronised from its WhatsApp Business Account on
 * demand, listed for the composer, campaigns and schedules, and filled for a send.
 */
export function createTemplatesService(deps: {
  repository: TemplatesRepository;
  graph: GraphClient;
  cloudConnection: CloudConnectionLookup;
  onTokenRejected(ref: { id: number; companyId: number; name: string }, detail: string): Promise<void>;
  clock: () => Date;
}) {
  const { repository } = deps;

  async function requireCloud(companyId: number, whatsappId: number) {
    const connection = await deps.cloudConnection(companyId, whatsappId);
    if (!connection) throw new AppError('ERR_NO_WAPP_FOUND');
    if (connection.kind !== 'cloud') throw new AppError('ERR_NOT_CLOUD_CONNECTION');
    return connection;
  }

  async function listOf(companyId: number, whatsappId: number) {
    const [rows, syncedAt] = await Promise.all([
      repository.list(companyId, whatsappId),
      repository.lastSyncedAt(companyId, whatsappId),
    ]);
    return { templates: rows.map(toRecord), syncedAt };
  }

  /**
   * The template looked up once, for work that fills it many times or inside a transaction
   * (campaigns per contact, a schedule's claim): refused here when unknown or not sendable;
   * `fill` then checks each set of values without reading the database.
   */
  async function prepare(companyId: number, whatsappId: number, wanted: { name: string; language: string }) {
    await requireCloud(companyId, whatsappId);
    const row = await repository.find(companyId, whatsappId, wanted.name, wanted.language);
    if (!row) throw new AppError('ERR_TEMPLATE_NOT_FOUND');
    const shape = shapeOf(row.components);
    if (!isSendable(row.status, shape)) throw new AppError('ERR_TEMPLATE_NOT_SENDABLE');
    const count = variableCountOf(shape);
    return {
      variableCount: count,
      fill(values: string[]): FilledTemplate & { name: string; language: string } {
        const blank = values.slice(0, count).findIndex((value) => value.trim() === '');
        if (values.length !== count || blank >= 0) {
          const index = blank >= 0 ? blank : Math.min(values.length, count);
          throw new AppError('ERR_TEMPLATE_VARIABLES', {
            fields: { [`template.variables.${index}`]: 'Required' },
            details: { expected: count },
          });
        }
        return { name: row.name, language: row.language, ...fillTemplate(shape, values) };
      },
    };
  }

  return {
    async list(companyId: number, whatsappId: number) {
      await requireCloud(companyId, whatsappId);
      return listOf(companyId, whatsappId);
    },

    async sync(companyId: number, whatsappId: number) {
      const connection = await requireCloud(companyId, whatsappId);
      let answered: Awaited<ReturnType<GraphClient['listTemplates']>>;
      try {
        answered = await deps.graph.listTemplates(connection.credentials);
      } catch (error) {
        if (!(error instanceof GraphApiError)) throw error;
        if (error.code === graphErrorCodes.accessTokenInvalid) {
          await deps.onTokenRejected(connection.ref, error.message).catch(() => undefined);
          throw new AppError('ERR_CLOUD_TOKEN_REJECTED');
        }
        if (error.code === 0 || error.httpStatus >= 500) throw new AppError('ERR_GRAPH_UNREACHABLE');
        throw new AppError('ERR_CLOUD_REJECTED', { message: error.message });
      }
      // One row per name and language, whatever Meta's paging repeated.
      const unique = new Map<string, TemplateWrite>();
      for (const template of answered) {
        if (!template?.name || !template.language) continue;
        unique.set(`${template.language} ${template.name}`, {
          name: String(template.name).slice(0, 512),
          language: String(template.language).slice(0, 15),
          category: String(template.category ?? '').slice(0, 30),
          status: String(template.status ?? '').slice(0, 30),
          components: Array.isArray(template.components) ? template.components : [],
        });
      }
      const changes = await repository.replaceAll(companyId, whatsappId, [...unique.values()], deps.clock());
      return { ...changes, ...(await listOf(companyId, whatsappId)) };
    },

    /**
     * The template to send, filled with `values` (message variables already replaced): refused
     * when unknown, not sendable, or with a variable missing or blank (Meta would refuse it).
     */
    async fill(
      companyId: number,
      whatsappId: number,
      wanted: { name: string; language: string },
      values: string[],
    ): Promise<FilledTemplate & { name: string; language: string }> {
      return (await prepare(companyId, whatsappId, wanted)).fill(values);
    },

    prepare,
  };
}

export type TemplatesService = ReturnType<typeof createTemplatesService>;
