import { type Language, languages, type SlaCounts } from '@wacrm/shared';
import { instantOf, wallClockOf } from '@wacrm/shared/schedules/wall-clock';
import type { FastifyBaseLogger } from 'fastify';
import type { JobSender } from '../../platform/jobs/job-queue.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { DashboardService } from '../dashboard/index.ts';
import type { SettingsReader } from '../settings/index.ts';
import { weeklySummaryJob } from './sla.jobs.ts';
import type { SlaRepository } from './sla.repository.ts';

/** When the summary goes out, on the company's own clock: Monday (ISO day 1) from 08:00. */
const SEND_WEEKDAY = 1;
const SEND_HOUR = 8;
const DAY_MS = 86_400_000;

/** Last week's figures, as the mail tells them. */
export interface WeeklyFigures {
  weekStart: string;
  weekEnd: string;
  opened: number;
  closed: number;
  avgWaitMinutes: number;
  avgTalkMinutes: number;
  averageRating: number | null;
  sla: SlaCounts;
}

const dayText = (clock: { year: number; month: number; day: number }) =>
  `${clock.year}-${String(clock.month).padStart(2, '0')}-${String(clock.day).padStart(2, '0')}`;

/** The calendar day `days` after a `yyyy-mm-dd` day. */
export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * The Monday that began the week before `now` on the company's clock, when the summary of that
 * week is due (Monday 08:00 or later); null before then in the week.
 */
export function dueSummaryWeek(now: Date, timeZone: string): string | null {
  const clock = wallClockOf(now, timeZone);
  const today = dayText(clock);
  const isoWeekday = ((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
  if (isoWeekday !== SEND_WEEKDAY || clock.hour < SEND_HOUR) return null;
  return addDays(today, -7);
}

const texts: Record<
  Language,
  { subject: (start: string, end: string) => string; lines: (figures: WeeklyFigures) => string[] }
> = {
  pt: {
    subject: (start, end) => `Resumo semanal do atendimento (${start} a ${end})`,
    lines: (f) => [
      `Semana de ${f.weekStart} a ${f.weekEnd}:`,
      '',
      `Atendimentos abertos: ${f.opened}`,
      `Atendimentos finalizados: ${f.closed}`,
      `Espera média: ${f.avgWaitMinutes} min`,
      `Tempo médio de atendimento: ${f.avgTalkMinutes} min`,
      `Avaliação média: ${f.averageRating ?? '-'}`,
      `Primeira resposta no prazo: ${f.sla.firstResponse.met}, fora do prazo: ${f.sla.firstResponse.breached}`,
      `Resolução no prazo: ${f.sla.resolution.met}, fora do prazo: ${f.sla.resolution.breached}`,
      '',
      'Para não receber mais este email, desmarque o resumo semanal em Níveis de serviço.',
    ],
  },
  en: {
    subject: (start, end) => `Weekly support summary (${start} to ${end})`,
    lines: (f) => [
      `Week from ${f.weekStart} to ${f.weekEnd}:`,
      '',
      `Tickets opened: ${f.opened}`,
      `Tickets closed: ${f.closed}`,
      `Average wait: ${f.avgWaitMinutes} min`,
      `Average handling time: ${f.avgTalkMinutes} min`,
      `Average rating: ${f.averageRating ?? '-'}`,
      `First response met: ${f.sla.firstResponse.met}, breached: ${f.sla.firstResponse.breached}`,
      `Resolution met: ${f.sla.resolution.met}, breached: ${f.sla.resolution.breached}`,
      '',
      'To stop this mail, untick the weekly summary under Service levels.',
    ],
  },
  es: {
    subject: (start, end) => `Resumen semanal de la atención (${start} a ${end})`,
    lines: (f) => [
      `Semana del ${f.weekStart} al ${f.weekEnd}:`,
      '',
      `Atenciones abiertas: ${f.opened}`,
      `Atenciones finalizadas: ${f.closed}`,
      `Espera media: ${f.avgWaitMinutes} min`,
      `Tiempo medio de atención: ${f.avgTalkMinutes} min`,
      `Valoración media: ${f.averageRating ?? '-'}`,
      `Primera respuesta a tiempo: ${f.sla.firstResponse.met}, fuera de plazo: ${f.sla.firstResponse.breached}`,
      `Resolución a tiempo: ${f.sla.resolution.met}, fuera de plazo: ${f.sla.resolution.breached}`,
      '',
      'Para dejar de recibir este correo, desmarca el resumen semanal en Niveles de servicio.',
    ],
  },
};

const languageOf = (value: string | null | undefined): Language => {
  const short = value?.slice(0, 2).toLowerCase() ?? '';
  return (languages as readonly string[]).includes(short) ? (short as Language) : 'pt';
};

/** Subject and text of the summary mail in a language. */
export function summaryMail(figures: WeeklyFigures, language: string | null | undefined) {
  const text = texts[languageOf(language)];
  return { subject: text.subject(figures.weekStart, figures.weekEnd), text: text.lines(figures).join('\n') };
}

/**
 * The weekly summary: admins subscribe for themselves; on Monday 08:00 of the company's clock the
 * subscribed admins of each company get last week's overview (the dashboard's figures and the
 * service levels) through the mail settings the password reset uses.
 */
export function createWeeklySummary(deps: {
  repository: SlaRepository;
  dashboard: () => Pick<DashboardService, 'summary' | 'ticketsByDay'>;
  settings: Pick<SettingsReader, 'read'>;
  mailer: Mailer;
  jobs: () => JobSender;
  clock: () => Date;
  log: FastifyBaseLogger;
}) {
  const { repository, settings, clock } = deps;

  async function figures(companyId: number, weekStart: string): Promise<WeeklyFigures> {
    const weekEnd = addDays(weekStart, 6);
    const { timezone } = await settings.read(companyId, ['timezone']);
    const from = instantOf({ ...partsOf(weekStart), hour: 0, minute: 0, second: 0 }, timezone);
    const to = instantOf({ ...partsOf(addDays(weekStart, 7)), hour: 0, minute: 0, second: 0 }, timezone);
    const dashboard = deps.dashboard();
    const [summary, byDay, sla] = await Promise.all([
      dashboard.summary(companyId, { date_from: weekStart, date_to: weekEnd }),
      dashboard.ticketsByDay(companyId, { initialDate: weekStart, finalDate: weekEnd }),
      repository.counts(companyId, { from, to }, clock()),
    ]);
    const rated = summary.attendants.filter((attendant) => attendant.rating > 0);
    return {
      weekStart,
      weekEnd,
      opened: byDay.count,
      closed: summary.counters.supportFinished,
      avgWaitMinutes: summary.counters.avgWaitTime,
      avgTalkMinutes: summary.counters.avgSupportTime,
      averageRating: rated.length
        ? Math.round((rated.reduce((sum, attendant) => sum + attendant.rating, 0) / rated.length) * 100) / 100
        : null,
      sla,
    };
  }

  return {
    figures,

    /** The hourly sweep: one job per company whose summary is due now. */
    async sweep() {
      const now = clock();
      let planned = 0;
      for (const companyId of await repository.subscribedCompanies()) {
        const { timezone } = await settings.read(companyId, ['timezone']);
        const weekStart = dueSummaryWeek(now, timezone);
        if (!weekStart) continue;
        await deps
          .jobs()
          .send(weeklySummaryJob, { companyId, weekStart }, { singletonKey: `${companyId}:${weekStart}` });
        planned += 1;
      }
      return planned;
    },

    /** Sends one company's week once: the week is claimed first, and released if the mail fails (the job retries). */
    async send(companyId: number, weekStart: string) {
      if (!deps.mailer) return false;
      const subscribers = await repository.subscribers(companyId);
      if (subscribers.length === 0) return false;
      if (!(await repository.claimSummaryWeek(companyId, weekStart))) return false;
      try {
        const week = await figures(companyId, weekStart);
        const { messagesLanguage } = await settings.read(companyId, ['messagesLanguage']);
        for (const admin of subscribers) {
          const mail = summaryMail(week, admin.language ?? messagesLanguage);
          await deps.mailer.send({ to: admin.email, ...mail });
        }
        return true;
      } catch (error) {
        await repository.releaseSummaryWeek(companyId, weekStart);
        deps.log.warn({ err: error, companyId, weekStart }, 'weekly summary not sent');
        throw error;
      }
    },
  };
}

function partsOf(day: string) {
  const [year, month, date] = day.split('-').map(Number);
  return { year, month, day: date };
}

export type WeeklySummary = ReturnType<typeof createWeeklySummary>;
