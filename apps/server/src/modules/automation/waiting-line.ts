import { isWithinSchedule, type MessagesLanguage } from '@wacrm/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../platform/db/client.ts';
import type { SettingsReader } from '../settings/index.ts';
import { ticketWrites } from '../tickets/index.ts';
import type { AutomationRepository } from './automation.repository.ts';

/** A queue without closed tickets yet: its handling time is taken as this (docs/decisions/fair-assignment.md). */
const DEFAULT_HANDLING_SECONDS = 10 * 60;

const unknownWait: Record<MessagesLanguage, string> = { pt: 'indeterminado', en: 'unknown', es: 'indeterminado' };

interface LineEntry {
  ticketId: number;
  queueId: number;
  position: number;
  toldAt: Date | null;
  toldPosition: number | null;
  updatesSent: number;
}

/**
 * The estimated wait of position `position` (docs/decisions/fair-assignment.md): the queue's
 * eligible attendants online free `slots` tickets every average handling time, so the line moves
 * by `slots` each `handlingSeconds`: position × handling ÷ slots, rounded up to a minute. Null when
 * no eligible attendant is online (nobody to wait for).
 */
export function estimateWaitMinutes(position: number, handlingSeconds: number | null, slots: number) {
  if (slots <= 0) return null;
  const handling = handlingSeconds ?? DEFAULT_HANDLING_SECONDS;
  return Math.max(1, Math.ceil((position * handling) / slots / 60));
}

export function formatWait(minutes: number | null, language: MessagesLanguage) {
  if (minutes === null) return unknownWait[language] ?? unknownWait.pt;
  if (minutes < 60) return `${minutes} min`;
  const rest = minutes % 60;
  return rest === 0 ? `${Math.floor(minutes / 60)} h` : `${Math.floor(minutes / 60)} h ${rest} min`;
}

/**
 * Tells waiting customers their place (issue 48): the queue's waiting message when they enter
 * the line, and again when their position improved, at most one every `waitingUpdateMinutes` and
 * at most `waitingUpdateMax` per wait. Outside the queue's or company's hours nothing is said (the
 * hours message, sent by routing, wins). Each notice is recorded before it is sent, on the
 * condition that nobody recorded one meanwhile, so two processes never both send it.
 */
export function createWaitingLine(deps: {
  db: Database;
  line: (companyId: number) => Promise<LineEntry[]>;
  estimateInputs: (companyId: number) => Promise<Map<number, { handlingSeconds: number | null; slots: number }>>;
  repository: Pick<AutomationRepository, 'queue' | 'companySchedules'>;
  settings: Pick<SettingsReader, 'read'>;
  say: (companyId: number, ticketId: number, texts: string[]) => Promise<void>;
  clock: () => Date;
  log: FastifyBaseLogger;
}) {
  return async function tellWaitingLine(companyId: number) {
    const line = await deps.line(companyId);
    if (line.length === 0) return;
    const now = deps.clock();
    const settings = await deps.settings.read(companyId, ['scheduleType', 'timezone', 'messagesLanguage']);
    const language = settings.messagesLanguage as MessagesLanguage;
    if (settings.scheduleType === 'company') {
      const week = await deps.repository.companySchedules(companyId);
      if (!isWithinSchedule(week, now, settings.timezone)) return;
    }
    const queues = new Map<number, Awaited<ReturnType<AutomationRepository['queue']>>>();
    for (const queueId of new Set(line.map((entry) => entry.queueId))) {
      queues.set(queueId, await deps.repository.queue(companyId, queueId));
    }
    const due = line.filter((entry) => {
      const queue = queues.get(entry.queueId);
      if (!queue?.waitingMessage?.trim()) return false;
      if (settings.scheduleType === 'queue' && !isWithinSchedule(queue.schedules, now, settings.timezone)) return false;
      if (entry.toldAt === null) return true;
      return (
        entry.toldPosition !== null &&
        entry.position < entry.toldPosition &&
        entry.updatesSent < queue.waitingUpdateMax &&
        now.getTime() - entry.toldAt.getTime() >= queue.waitingUpdateMinutes * 60_000
      );
    });
    if (due.length === 0) return;
    const inputs = await deps.estimateInputs(companyId);
    for (const entry of due) {
      const queue = queues.get(entry.queueId)!;
      const claimed = await ticketWrites.recordWaitingNotice(deps.db, companyId, entry.ticketId, {
        toldAt: entry.toldAt,
        position: entry.position,
        isUpdate: entry.toldAt !== null,
        at: now,
      });
      if (!claimed) continue;
      const input = inputs.get(entry.queueId);
      const wait = estimateWaitMinutes(entry.position, input?.handlingSeconds ?? null, input?.slots ?? 0);
      const text = (queue.waitingMessage ?? '')
        .replaceAll('{{queuePosition}}', String(entry.position))
        .replaceAll('{{estimatedWait}}', formatWait(wait, language));
      await deps.say(companyId, entry.ticketId, [text]);
    }
  };
}
