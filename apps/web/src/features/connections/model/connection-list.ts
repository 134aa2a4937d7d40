import type { ConnectionRecord, ConnectionStatus } from '@wacrm/shared/connections/connection.schema';

/**
 * A connection as the list endpoint answers it. Every field but id, name and status is
 * optional so a partial realtime payload still merges into the list.
 */
export type ConnectionSummary = Pick<ConnectionRecord, 'id' | 'name'> & {
  status: ConnectionStatus | string;
} & Partial<Omit<ConnectionRecord, 'id' | 'name' | 'status'>>;

/** spec: statuses that put a warning badge on the Connections menu item. */
export const attentionStatuses = ['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING'] as const;

export function needsAttention(connections: readonly Pick<ConnectionSummary, 'status'>[]): boolean {
  return connections.some((connection) => (attentionStatuses as readonly string[]).includes(connection.status));
}

/**
 * A `company-{id}-whatsapp` event (update carries the connection, delete its id) or a
 * `company-{id}-whatsappSession` event (update carries the connection with its session fields).
 */
export type ConnectionEvent =
  | { action: 'update'; whatsapp?: ConnectionSummary; session?: ConnectionSummary }
  | { action: 'delete'; whatsappId: number }
  | { action: string; [key: string]: unknown };

/** Applies a realtime event to the list: an update merges by id or prepends, a delete removes. */
export function applyConnectionEvent(list: readonly ConnectionSummary[], event: ConnectionEvent): ConnectionSummary[] {
  const updated = event.action === 'update' ? (event.whatsapp ?? event.session) : undefined;
  if (isConnection(updated)) {
    const exists = list.some((item) => item.id === updated.id);
    return exists ? list.map((item) => (item.id === updated.id ? { ...item, ...updated } : item)) : [updated, ...list];
  }
  if (event.action === 'delete' && typeof event.whatsappId === 'number') {
    return list.filter((item) => item.id !== event.whatsappId);
  }
  return [...list];
}

function isConnection(value: unknown): value is ConnectionSummary {
  return typeof value === 'object' && value !== null && typeof (value as ConnectionSummary).id === 'number';
}
