import {
  type AuditAction,
  type AuditQuery,
  asSpreadsheetText,
  auditCsvMaxRows,
  auditPageSize,
  auditQuerySchema,
  toCsvLine,
  UTF8_BOM,
} from '@wacrm/shared';
import type { Database } from '../../platform/db/client.ts';
import type { RequestSession } from '../../platform/http/request-session.ts';
import type { AuditFilters, AuditRepository, AuditRow } from './audit.repository.ts';

/**
 * Any field whose name says it holds a secret is written as changed, never with its value
 * (`token`, `cloudAccessToken`; not a count such as a prompt's `maxTokens`).
 */
const SECRET_KEY = /pass(word)?|secret|token(?!s)|api_?key|hash|credential|private/i;
export const HIDDEN = '[hidden]';

/** Who made a change: the session's user, company and address. */
export type AuditActor = Pick<RequestSession, 'userId' | 'companyId' | 'ip'>;

export interface AuditChange {
  action: AuditAction;
  entityType: string;
  entityId?: string | number | null;
  /** The company the change belongs to, when the super user acts on another company. */
  companyId?: number;
  /** The entity's fields before the change (null for a creation). */
  before?: Record<string, unknown> | null;
  /** The fields after it (null for a deletion). */
  after?: Record<string, unknown> | null;
  /** Fields that hold a secret under a name the pattern above does not catch (`jsonContent`, `voiceKey`). */
  hidden?: readonly string[];
}

/** The fields that differ, each `{before, after}`, secrets hidden; a creation or deletion lists every field. */
export function diffFields(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
  hidden: readonly string[] = [],
) {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    const was = before?.[key] ?? null;
    const is = after?.[key] ?? null;
    if (JSON.stringify(was) === JSON.stringify(is)) continue;
    changes[key] =
      SECRET_KEY.test(key) || hidden.includes(key)
        ? { before: was === null ? null : HIDDEN, after: is === null ? null : HIDDEN }
        : { before: was, after: is };
  }
  return changes;
}

export function createAuditService(repository: AuditRepository) {
  function filtersOf(session: RequestSession, query: AuditQuery): AuditFilters {
    const parsed = auditQuerySchema.parse(query);
    return {
      // An admin reads their own company's entries whatever the query names.
      companyId: session.isSuper ? (parsed.companyId ?? null) : session.companyId,
      userId: parsed.userId,
      action: parsed.action,
      from: parsed.from ? startOf(parsed.from) : undefined,
      to: parsed.to ? endOf(parsed.to) : undefined,
    };
  }

  return {
    /**
     * Writes the entry of a change in the change's own transaction (`tx`): no change without its
     * entry, no entry for a change that rolled back. A change that changed nothing writes none.
     */
    async record(tx: Database, actor: AuditActor, change: AuditChange) {
      const changes = diffFields(change.before, change.after, change.hidden);
      if (Object.keys(changes).length === 0 && change.before && change.after) return;
      await repository.insert(tx, {
        companyId: change.companyId ?? actor.companyId,
        userId: actor.userId,
        action: change.action,
        entityType: change.entityType,
        entityId: change.entityId == null ? null : String(change.entityId),
        ip: actor.ip?.slice(0, 64) ?? null,
        changes,
      });
    },

    async page(session: RequestSession, query: AuditQuery) {
      const pageNumber = auditQuerySchema.parse(query).pageNumber;
      const { rows, count } = await repository.page(
        filtersOf(session, query),
        auditPageSize,
        (pageNumber - 1) * auditPageSize,
      );
      return { records: rows, count, hasMore: count > pageNumber * auditPageSize };
    },

    /** The screen's entries as CSV, the same filters, newest first. */
    async csv(session: RequestSession, query: AuditQuery) {
      const { rows } = await repository.page(filtersOf(session, query), auditCsvMaxRows, 0);
      const header = [
        'createdAt',
        'companyId',
        'userId',
        'userName',
        'action',
        'entityType',
        'entityId',
        'ip',
        'changes',
      ];
      return UTF8_BOM + toCsvLine(header) + rows.map((row) => toCsvLine(csvValues(row))).join('');
    },

    deleteOlderThan: repository.deleteOlderThan,
  };
}

export type AuditService = ReturnType<typeof createAuditService>;

function csvValues(row: AuditRow) {
  return [
    row.createdAt.toISOString(),
    String(row.companyId),
    row.userId === null ? '' : String(row.userId),
    asSpreadsheetText(row.userName ?? ''),
    row.action,
    row.entityType,
    row.entityId ?? '',
    row.ip ?? '',
    JSON.stringify(row.changes),
  ];
}

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
const startOf = (value: string) => new Date(isDay(value) ? `${value}T00:00:00Z` : value);
const endOf = (value: string) => new Date(isDay(value) ? `${value}T23:59:59.999Z` : value);
