import {
  SLA_WARNING_FRACTION,
  SLA_WARNING_MIN_SECONDS,
  type SlaTargetKind,
  type TicketSla,
} from '@wacrm/shared/sla/sla.schema';

export type SlaLevel = 'ok' | 'warning' | 'breached';

export interface SlaStatus {
  kind: SlaTargetKind;
  level: SlaLevel;
  /** Seconds to the due time; negative once it has passed. */
  remainingSeconds: number;
}

/**
 * The target a ticket's chip shows at `now`: the first response while it is owed, else the
 * resolution. Amber in the last quarter of the target (at least its last five minutes), red when
 * missed; a breach of this cycle keeps it red even after the answer (docs/decisions/service-levels.md).
 */
export function slaStatusAt(sla: TicketSla | null | undefined, now: number): SlaStatus | null {
  if (!sla) return null;
  const kind: SlaTargetKind | null = sla.firstResponseDueAt
    ? 'firstResponse'
    : sla.resolutionDueAt
      ? 'resolution'
      : null;
  if (!kind) return null;
  const due = Date.parse((kind === 'firstResponse' ? sla.firstResponseDueAt : sla.resolutionDueAt) as string);
  const total = Math.max(0, (due - Date.parse(sla.startedAt)) / 1000);
  const remainingSeconds = Math.round((due - now) / 1000);
  const warnWithin = Math.max(total * SLA_WARNING_FRACTION, SLA_WARNING_MIN_SECONDS);
  const level: SlaLevel =
    sla.breached || remainingSeconds <= 0 ? 'breached' : remainingSeconds <= warnWithin ? 'warning' : 'ok';
  return { kind, level, remainingSeconds };
}

/** A duration as the chip writes it: "45s", "12m", "1h 05m", "2d 3h". */
export function formatSlaDuration(seconds: number): string {
  const value = Math.abs(seconds);
  if (value < 60) return `${value}s`;
  const minutes = Math.floor(value / 60);
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ${String(minutes % 60).padStart(2, '0')}m`;
  return `${Math.floor(hours / 24)}d ${hours % 24}h`;
}
