import type { SlaPolicyRecord } from '@wacrm/shared/sla/sla.schema';
import type { TicketPriority } from '@wacrm/shared/tickets/ticket-priority';

/** The dialog's fields: targets in minutes (what people think in), blank for none. */
export interface SlaPolicyForm {
  name: string;
  queueIds: number[];
  priorities: TicketPriority[];
  firstResponseMinutes: string;
  resolutionMinutes: string;
  businessHours: boolean;
}

export const emptySlaForm = (): SlaPolicyForm => ({
  name: '',
  queueIds: [],
  priorities: [],
  firstResponseMinutes: '',
  resolutionMinutes: '',
  businessHours: false,
});

export function slaFormOf(policy: SlaPolicyRecord): SlaPolicyForm {
  const minutes = (seconds: number | null) => (seconds === null ? '' : String(Math.round(seconds / 60)));
  return {
    name: policy.name,
    queueIds: policy.queueIds,
    priorities: policy.priorities,
    firstResponseMinutes: minutes(policy.firstResponseSeconds),
    resolutionMinutes: minutes(policy.resolutionSeconds),
    businessHours: policy.businessHours,
  };
}

/** The API's fields; a blank or unreadable target is none (the shared schema says what is wrong). */
export function slaFieldsOf(form: SlaPolicyForm) {
  const seconds = (text: string) => {
    const value = Number(text.trim().replace(',', '.'));
    return text.trim() === '' || !Number.isFinite(value) ? null : Math.round(value * 60);
  };
  return {
    name: form.name,
    queueIds: form.queueIds,
    priorities: form.priorities,
    firstResponseSeconds: seconds(form.firstResponseMinutes),
    resolutionSeconds: seconds(form.resolutionMinutes),
    businessHours: form.businessHours,
  };
}

/** A target in minutes as the table shows it. */
export function targetText(seconds: number | null) {
  if (seconds === null) return '—';
  const minutes = Math.round(seconds / 60);
  return minutes >= 60 && minutes % 60 === 0 ? `${minutes / 60} h` : `${minutes} min`;
}
