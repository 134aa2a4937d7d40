import {
  hasTemplateChoice,
  instantOfCompanyTime,
  missingTemplateValue,
  SCHEDULE_MEDIA_MAX_BYTES,
  SCHEDULE_MEDIA_MIMETYPES,
  type ScheduleFields,
  type ScheduleListQuery,
  type ScheduleRecord,
  toQuickMessageMediaName,
} from '@wacrm/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { RequestSession } from '../../platform/http/request-session.ts';
import type { JobSender } from '../../platform/jobs/job-queue.ts';
import type { FileStorage } from '../../platform/storage/local-storage.ts';
import { mimetypeOf, safeExtension, type TemplatesService, templateContentOf } from '../channels/index.ts';
import type { MessagesService } from '../messages/index.ts';
import type { TicketsRepository } from '../tickets/index.ts';
import { canOpenTicket, mayShowAll, type TicketPolicy } from '../tickets/index.ts';
import { nextOccurrence } from './recurrence.ts';
import { scheduleStateOf } from './schedule-state.ts';
import { scheduleSendJob } from './schedules.jobs.ts';
import type { SchedulesRealtime } from './schedules.realtime.ts';
import type { ScheduleRow, SchedulesRepository } from './schedules.repository.ts';

export interface UploadedFile {
  filename: string;
  mimetype: string;
  data: Buffer;
}

type Session = Pick<RequestSession, 'companyId' | 'userId'> & Partial<Pick<RequestSession, 'profile' | 'viewer'>>;

/** How many due schedules one sweep claims at most before it looks again. */
const SWEEP_BATCH = 100;

/**
 * Scheduled messages (docs/decisions/schedules.md). Sending is never early and exactly once: the
 * claim (stored status pending → sent, the claim time in `sent_at`) and the stored outbound message
 * commit in one transaction, after which the messages module sends it like any other (ack
 * tracking, retries while the connection is down, failed after the last try). What a schedule
 * shows after its claim is its message's state (schedule-state.ts): waiting, sent, or error.
 */
export function createSchedulesService(deps: {
  db: Database;
  repository: SchedulesRepository;
  tickets: Pick<TicketsRepository, 'lockContact' | 'findActive' | 'insert'>;
  policy: Pick<TicketPolicy, 'viewerOf'>;
  messages: Pick<MessagesService, 'stageOutbound' | 'publish' | 'fillTemplate'>;
  realtime: SchedulesRealtime;
  storage: FileStorage;
  jobs: JobSender;
  timeZoneOf: (companyId: number) => Promise<string>;
  /** Cloud API templates: checked when a schedule is saved, filled when it is sent. */
  templates: Pick<TemplatesService, 'prepare'>;
  clock: () => Date;
  log: FastifyBaseLogger;
}) {
  const { db, repository, storage, realtime, log } = deps;

  const toRecord = ({ schedule: row, ...joined }: ScheduleRow): ScheduleRecord => {
    const shown = scheduleStateOf({
      status: row.status,
      errorCode: row.errorCode,
      claimedAt: row.sentAt,
      message:
        joined.messageId === null
          ? null
          : {
              handedOver: joined.messageHandedOver === true,
              sentAt: joined.messageSentAt,
              failed: joined.messageFailed === true,
              sendError: joined.messageError,
            },
    });
    return {
      id: row.id,
      body: row.body,
      sendAt: row.sendAt.toISOString(),
      sentAt: shown.sentAt?.toISOString() ?? null,
      status: shown.status,
      errorCode: shown.errorCode,
      contactId: row.contactId,
      contact: { id: row.contactId, name: joined.contactName, number: joined.contactNumber },
      userId: row.userId,
      user: row.userId && joined.userName ? { id: row.userId, name: joined.userName } : null,
      whatsappId: row.whatsappId,
      ticketId: row.ticketId,
      ticketUuid: joined.ticketUuid,
      messageId: row.messageId,
      mediaPath: row.mediaPath,
      mediaName: row.mediaName,
      mediaUrl: row.mediaPath ? storage.urlOf(row.mediaPath) : null,
      templateName: row.templateName,
      templateLanguage: row.templateLanguage,
      templateVariables: row.templateVariables ?? [],
      recurrence: row.recurrence ?? null,
      seriesId: row.seriesId,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  };

  async function viewer(session: Session) {
    const found = await deps.policy.viewerOf(session);
    if (!found) throw new AppError('ERR_SESSION_EXPIRED');
    return found;
  }

  /** Admins and users who see every ticket see every schedule; others their own. */
  async function visible(session: Session, id: number) {
    const row = await repository.find(session.companyId, id);
    if (!row) throw new AppError('ERR_NOT_FOUND');
    const current = await viewer(session);
    if (!mayShowAll(current) && row.schedule.userId !== session.userId) throw new AppError('ERR_NOT_FOUND');
    return row;
  }

  async function announce(companyId: number, action: 'create' | 'update', id: number) {
    const row = await repository.find(companyId, id);
    if (!row) return null;
    const record = toRecord(row);
    const audience = await repository.seeAllUserIds(companyId);
    if (record.userId) audience.push(record.userId);
    realtime.saved(companyId, audience, action, record);
    return record;
  }

  /** The contact is the company's, and the caller may see each of its open tickets. */
  async function checkContact(session: Session, contactId: number) {
    const contact = await repository.contact(session.companyId, contactId);
    if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND');
    const current = await viewer(session);
    if (current.isAdmin) return;
    const hidden = (await repository.activeTicketsOf(session.companyId, contactId)).some(
      (ticket) => !canOpenTicket(current, ticket),
    );
    if (hidden) throw new AppError('ERR_NO_PERMISSION');
  }

  /** The send time as an instant ('YYYY-MM-DD HH:mm:ss' is read on the company's clock). */
  async function sendAtOf(companyId: number, fields: Pick<ScheduleFields, 'sendAt'>) {
    return instantOfCompanyTime(fields.sendAt, await deps.timeZoneOf(companyId));
  }

  function checkTimes(sendAt: Date, fields: Pick<ScheduleFields, 'recurrence'>) {
    if (sendAt.getTime() <= deps.clock().getTime()) {
      throw new AppError('ERR_SCHEDULE_IN_PAST', { fields: { sendAt: 'ERR_SCHEDULE_IN_PAST' } });
    }
    const until = fields.recurrence?.until;
    if (until && new Date(until).getTime() < sendAt.getTime()) {
      throw new AppError('ERR_VALIDATION', { fields: { 'recurrence.until': 'Before the first send' } });
    }
    return sendAt;
  }

  async function connectionFor(companyId: number, contactId: number, whatsappId: number | null | undefined) {
    if (whatsappId) {
      if (!(await repository.connectionExists(companyId, whatsappId))) throw new AppError('ERR_NO_WAPP_FOUND');
      return whatsappId;
    }
    const resolved = await repository.defaultConnectionFor(companyId, contactId);
    if (!resolved) throw new AppError('ERR_NO_DEF_WAPP_FOUND');
    return resolved;
  }

  /**
   * A chosen template must be one the connection may send, with every value given (they may hold
   * message variables, filled when it goes). Answers the columns to store.
   */
  async function templateColumnsFor(companyId: number, whatsappId: number | null, fields: ScheduleFields) {
    if (!hasTemplateChoice(fields)) return { templateName: null, templateLanguage: null, templateVariables: null };
    if (!whatsappId) throw new AppError('ERR_NO_WAPP_FOUND');
    const wanted = { name: fields.templateName!.trim(), language: fields.templateLanguage!.trim() };
    const template = await deps.templates.prepare(companyId, whatsappId, wanted);
    const values = fields.templateVariables ?? [];
    const missing = missingTemplateValue(template.variableCount, values);
    if (missing !== null) {
      throw new AppError('ERR_TEMPLATE_VARIABLES', {
        fields: { [`templateVariables.${missing}`]: 'Required' },
        details: { expected: template.variableCount },
      });
    }
    return { templateName: wanted.name, templateLanguage: wanted.language, templateVariables: values };
  }

  /** Puts a schedule's send on the job queue for its time (the job checks again before sending). */
  async function enqueue(companyId: number, scheduleId: number, sendAt: Date) {
    // Counted from the real time, not the injected clock: the queue starts jobs by the database's clock.
    const seconds = Math.max(0, Math.ceil((sendAt.getTime() - Date.now()) / 1000));
    await deps.jobs.send(
      scheduleSendJob,
      { companyId, scheduleId, sendAt: sendAt.toISOString() },
      { startAfterSeconds: seconds, retryLimit: 5 },
    );
  }

  /** A file that cannot be removed stays behind; the schedule does not fail for it. */
  async function releaseFile(companyId: number, scheduleId: number, mediaPath: string | null) {
    if (!mediaPath || (await repository.fileInUse(companyId, mediaPath, scheduleId))) return;
    await storage.remove(mediaPath).catch((error) => log.warn({ err: error, mediaPath }, 'schedule file not removed'));
  }

  /** A due schedule's template, looked up for its send; null when it has none. */
  async function preparedTemplateOf(companyId: number, scheduleId: number) {
    const schedule = (await repository.find(companyId, scheduleId))?.schedule;
    // Only for one that may still be claimed: an error here marks the schedule failed.
    if (schedule?.status !== 'pending' || schedule.sentAt) return null;
    if (!schedule.templateName || !schedule.templateLanguage) return null;
    if (!schedule.whatsappId) throw new AppError('ERR_NO_WAPP_FOUND');
    return deps.templates.prepare(companyId, schedule.whatsappId, {
      name: schedule.templateName,
      language: schedule.templateLanguage,
    });
  }

  /**
   * Claims one due schedule and stores its message in one transaction, then sends it. Answers
   * false when there was nothing to claim (not due, already claimed, gone).
   */
  async function sendDue(companyId: number, scheduleId: number): Promise<boolean> {
    const now = deps.clock();
    const timeZone = await deps.timeZoneOf(companyId);
    let outcome: { ticketId: number; messageId: number; next: { id: number; sendAt: Date } | null } | null;
    try {
      // The template is read before the claim's transaction (the embedded database runs one at a time).
      const template = await preparedTemplateOf(companyId, scheduleId);
      outcome = await db.transaction(async (tx) => {
        const claimed = await repository.claim(tx, companyId, scheduleId, now);
        if (!claimed) return null;
        const contact = await repository.contact(companyId, claimed.contactId, tx);
        const whatsappId =
          claimed.whatsappId ?? (await repository.defaultConnectionFor(companyId, claimed.contactId, tx));
        if (!contact || !whatsappId) throw new AppError(contact ? 'ERR_NO_DEF_WAPP_FOUND' : 'ERR_NO_CONTACT_FOUND');
        // docs/decisions/schedules.md: the contact's ticket on that connection that is not closed,
        // as it is; otherwise a new one, open and assigned to the author (pending without one).
        await deps.tickets.lockContact(tx, companyId, contact.id);
        const active = await deps.tickets.findActive(tx, companyId, contact.id, whatsappId);
        const ticket =
          active ??
          (await deps.tickets.insert(tx, {
            companyId,
            contactId: contact.id,
            whatsappId,
            userId: claimed.userId,
            status: claimed.userId ? 'open' : 'pending',
            isGroup: contact.isGroup,
            acceptedAt: claimed.userId ? now : null,
          }));
        const ticketId = ticket.id;
        const media = claimed.mediaPath
          ? {
              path: claimed.mediaPath,
              name: claimed.mediaName ?? 'file',
              mimetype: mimetypeOf(claimed.mediaName ?? claimed.mediaPath, null),
            }
          : null;
        // The body's variables ({{firstName}}, {{ms}}, {{protocol}}…) as quick messages fill them.
        const fillVariables = (text: string) =>
          deps.messages.fillTemplate(
            companyId,
            { id: ticketId, createdAt: ticket.createdAt, contactName: contact.name },
            text,
          );
        // A template goes whatever the customer service window (docs/decisions/cloud-api-schedules.md).
        // Chosen between the read above and the claim: marked failed (saved again, it goes), never sent blank.
        if (claimed.templateName && !template) throw new AppError('ERR_TEMPLATE_NOT_FOUND');
        const filled =
          template && claimed.templateName
            ? template.fill(await Promise.all((claimed.templateVariables ?? []).map(fillVariables)))
            : null;
        const messageId = await deps.messages.stageOutbound(tx, companyId, ticketId, {
          body: filled ? filled.text : await fillVariables(claimed.body),
          contactId: contact.id,
          whatsappId,
          userId: claimed.userId,
          media: filled ? null : media,
          structured: filled ? templateContentOf(filled) : null,
        });
        await repository.update(companyId, scheduleId, { ticketId, messageId, whatsappId }, tx);
        let next: { id: number; sendAt: Date } | null = null;
        // A monthly series keeps its first send's day of the month (the 31st after a short month).
        const seriesStart = claimed.seriesId
          ? ((await repository.find(companyId, claimed.seriesId, tx))?.schedule.sendAt ?? claimed.sendAt)
          : claimed.sendAt;
        const nextAt = claimed.recurrence
          ? nextOccurrence(claimed.sendAt, claimed.recurrence, timeZone, seriesStart)
          : null;
        if (claimed.recurrence && nextAt) {
          const row = await repository.insert(
            companyId,
            {
              body: claimed.body,
              contactId: claimed.contactId,
              userId: claimed.userId,
              whatsappId: claimed.whatsappId,
              sendAt: nextAt,
              mediaPath: claimed.mediaPath,
              mediaName: claimed.mediaName,
              templateName: claimed.templateName,
              templateLanguage: claimed.templateLanguage,
              templateVariables: claimed.templateVariables,
              recurrence: claimed.recurrence,
              seriesId: claimed.seriesId ?? claimed.id,
            },
            tx,
          );
          next = { id: row.id, sendAt: nextAt };
        }
        return { ticketId, messageId, next };
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // Nothing can be sent (the contact or every connection is gone): an error, not a retry.
      await repository.update(companyId, scheduleId, { status: 'error', errorCode: error.code });
      await announce(companyId, 'update', scheduleId);
      return false;
    }
    if (!outcome) return false;
    if (outcome.next) {
      await enqueue(companyId, outcome.next.id, outcome.next.sendAt);
      await announce(companyId, 'create', outcome.next.id);
    }
    await deps.messages.publish(companyId, outcome.ticketId, [outcome.messageId]);
    await announce(companyId, 'update', scheduleId);
    return true;
  }

  return {
    async page(session: Session, query: ScheduleListQuery) {
      const current = await viewer(session);
      const page = await repository.page(session.companyId, query, mayShowAll(current) ? null : session.userId);
      return { schedules: page.rows.map(toRecord), count: page.count, hasMore: page.hasMore };
    },

    async timeZone(session: Session) {
      return { timeZone: await deps.timeZoneOf(session.companyId) };
    },

    async find(session: Session, id: number) {
      return toRecord(await visible(session, id));
    },

    async create(session: Session, fields: ScheduleFields) {
      const { companyId } = session;
      await checkContact(session, fields.contactId);
      const sendAt = checkTimes(await sendAtOf(companyId, fields), fields);
      const whatsappId = await connectionFor(companyId, fields.contactId, fields.whatsappId);
      const template = await templateColumnsFor(companyId, whatsappId, fields);
      const row = await repository.insert(companyId, {
        ...template,
        body: fields.body,
        contactId: fields.contactId,
        userId: session.userId,
        whatsappId,
        sendAt,
        recurrence: fields.recurrence ?? null,
      });
      await enqueue(companyId, row.id, sendAt);
      return (await announce(companyId, 'create', row.id))!;
    },

    /** spec: a schedule already sent cannot be changed or resubmitted; one in error may be, to a new time. */
    async update(session: Session, id: number, fields: ScheduleFields) {
      const { companyId } = session;
      const before = (await visible(session, id)).schedule;
      if (before.sentAt) throw new AppError('ERR_SCHEDULE_ALREADY_SENT');
      if (fields.contactId !== before.contactId) await checkContact(session, fields.contactId);
      const asked = await sendAtOf(companyId, fields);
      const moved = asked.getTime() !== before.sendAt.getTime();
      const sendAt = moved || before.status === 'error' ? checkTimes(asked, fields) : before.sendAt;
      const whatsappId =
        fields.whatsappId !== undefined || fields.contactId !== before.contactId
          ? await connectionFor(companyId, fields.contactId, fields.whatsappId)
          : before.whatsappId;
      const template = await templateColumnsFor(companyId, whatsappId, fields);
      const updated = await repository.updateUnsent(companyId, id, {
        ...template,
        body: fields.body,
        contactId: fields.contactId,
        whatsappId,
        sendAt,
        recurrence: fields.recurrence ?? null,
        status: 'pending',
        errorCode: null,
      });
      // Claimed between the read and the write: it went out as it was.
      if (!updated) throw new AppError('ERR_SCHEDULE_ALREADY_SENT');
      if (moved || before.status === 'error') await enqueue(companyId, id, sendAt);
      return (await announce(companyId, 'update', id))!;
    },

    async remove(session: Session, id: number) {
      const { companyId } = session;
      const row = await visible(session, id);
      const audience = await repository.seeAllUserIds(companyId);
      if (row.schedule.userId) audience.push(row.schedule.userId);
      const removed = await repository.remove(companyId, id);
      if (!removed) throw new AppError('ERR_NOT_FOUND');
      await releaseFile(companyId, id, removed.mediaPath);
      realtime.deleted(companyId, audience, id);
    },

    async attachMedia(session: Session, id: number, file: UploadedFile) {
      const { companyId } = session;
      const before = (await visible(session, id)).schedule;
      if (before.sentAt) throw new AppError('ERR_SCHEDULE_ALREADY_SENT');
      if (!(SCHEDULE_MEDIA_MIMETYPES as readonly string[]).includes(file.mimetype)) {
        throw new AppError('ERR_UNSUPPORTED_MEDIA_TYPE', { fields: { file: 'png, jpg, jpeg, pdf' } });
      }
      if (file.data.length > SCHEDULE_MEDIA_MAX_BYTES) throw new AppError('ERR_PAYLOAD_TOO_LARGE');
      const mediaPath = await storage.save(companyId, { extension: safeExtension(file.filename), data: file.data });
      const updated = await repository.updateUnsent(companyId, id, {
        mediaPath,
        mediaName: toQuickMessageMediaName(file.filename),
      });
      if (!updated) {
        await storage.remove(mediaPath).catch(() => undefined);
        throw new AppError('ERR_SCHEDULE_ALREADY_SENT');
      }
      await releaseFile(companyId, id, before.mediaPath);
      return (await announce(companyId, 'update', id))!;
    },

    async removeMedia(session: Session, id: number) {
      const { companyId } = session;
      const before = (await visible(session, id)).schedule;
      if (before.sentAt) throw new AppError('ERR_SCHEDULE_ALREADY_SENT');
      const updated = await repository.updateUnsent(companyId, id, { mediaPath: null, mediaName: null });
      if (!updated) throw new AppError('ERR_SCHEDULE_ALREADY_SENT');
      await releaseFile(companyId, id, before.mediaPath);
      return (await announce(companyId, 'update', id))!;
    },

    /**
     * The send job, at its time. A job of a time since moved does nothing (the move queued its
     * own); a job that wakes early (clock skew) waits again.
     */
    async runJob(payload: { companyId: number; scheduleId: number; sendAt: string }) {
      const row = await repository.find(payload.companyId, payload.scheduleId);
      if (row?.schedule.status !== 'pending') return;
      if (row.schedule.sendAt.toISOString() !== payload.sendAt) return;
      if (row.schedule.sendAt.getTime() > deps.clock().getTime()) {
        await enqueue(payload.companyId, payload.scheduleId, row.schedule.sendAt);
        return;
      }
      await sendDue(payload.companyId, payload.scheduleId);
    },

    /**
     * A message was handed to WhatsApp or finally failed: if a schedule sent it, the schedule's
     * users see its new state (worked out from the message when read).
     */
    async messageSettled(companyId: number, messageId: number) {
      const id = await repository.idOfMessage(companyId, messageId);
      if (id) await announce(companyId, 'update', id);
    },

    /** Sends every due schedule still waiting: at start (what passed while down) and each minute. */
    async sweep() {
      let sent = 0;
      for (;;) {
        const due = await repository.due(deps.clock(), SWEEP_BATCH);
        let claimed = 0;
        for (const { companyId, id } of due) {
          try {
            if (await sendDue(companyId, id)) claimed++;
          } catch (error) {
            log.error({ err: error, scheduleId: id }, 'scheduled send failed; the next sweep tries again');
          }
        }
        sent += claimed;
        if (due.length < SWEEP_BATCH || claimed === 0) return sent;
      }
    },
  };
}

export type SchedulesService = ReturnType<typeof createSchedulesService>;
