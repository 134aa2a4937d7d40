import type { ScheduleFields, ScheduleFrequency, ScheduleRecord } from '@wacrm/shared/schedules/schedule.schema';
import { fromWallClockInput, toWallClockInput } from '@wacrm/shared/schedules/wall-clock';
import type { TemplateChoice } from '../../connections/index.ts';

export interface ScheduleContactOption {
  id: number;
  name: string;
  number?: string;
}

/** The dialog's values: times as the company's wall clock shows them. */
export interface ScheduleFormValues {
  contact: ScheduleContactOption | null;
  body: string;
  /** `YYYY-MM-DDTHH:mm` on the company's clock. */
  sendAt: string;
  /** '' lets the server choose: the contact's last ticket's connection, else the default. */
  whatsappId: number | '';
  frequency: ScheduleFrequency | 'none';
  weekdays: number[];
  /** `YYYY-MM-DD` (last day, inclusive) or ''. */
  until: string;
  /** A Cloud API template sent instead of the text, or null. */
  template: TemplateChoice | null;
}

export type ScheduleFormErrors = Partial<
  Record<'contact' | 'body' | 'sendAt' | 'weekdays' | 'until' | 'template', string>
>;

/** spec: the default send time is now plus one hour. */
export function emptyScheduleForm(
  timeZone: string,
  now: Date,
  contact: ScheduleContactOption | null = null,
  whatsappId: number | null = null,
): ScheduleFormValues {
  return {
    contact,
    body: '',
    sendAt: toWallClockInput(new Date(now.getTime() + 3_600_000), timeZone),
    whatsappId: whatsappId ?? '',
    frequency: 'none',
    weekdays: [],
    until: '',
    template: null,
  };
}

export function scheduleToForm(schedule: ScheduleRecord, timeZone: string): ScheduleFormValues {
  return {
    contact: schedule.contact,
    body: schedule.body,
    sendAt: toWallClockInput(new Date(schedule.sendAt), timeZone),
    whatsappId: schedule.whatsappId ?? '',
    frequency: schedule.recurrence?.frequency ?? 'none',
    weekdays: schedule.recurrence?.weekdays ?? [],
    until: schedule.recurrence?.until
      ? toWallClockInput(new Date(schedule.recurrence.until), timeZone).slice(0, 10)
      : '',
    template: schedule.templateName
      ? {
          name: schedule.templateName,
          language: schedule.templateLanguage ?? '',
          variables: schedule.templateVariables,
        }
      : null,
  };
}

/**
 * Checks the form (spec: body min 5; body, contact and send time required) and builds the request.
 * A send time that has passed is refused as the server would (ERR_SCHEDULE_IN_PAST), unless it is
 * the time the schedule already had (`keptSendAt`): the server checks only a new or moved time.
 */
export function formToFields(
  values: ScheduleFormValues,
  timeZone: string,
  now: Date,
  keptSendAt: string | null = null,
): { fields: ScheduleFields; errors: null } | { fields: null; errors: ScheduleFormErrors } {
  const errors: ScheduleFormErrors = {};
  const body = values.body.trim();
  const { template } = values;
  if (!values.contact) errors.contact = 'required';
  // With a template the text is not sent (docs/decisions/cloud-api-schedules.md).
  if (template) {
    if (template.variables.some((text) => !text.trim())) errors.template = 'required';
  } else if (!body) errors.body = 'required';
  else if (body.length < 5) errors.body = 'tooShort';
  const sendAt = values.sendAt ? fromWallClockInput(values.sendAt, timeZone) : null;
  if (!sendAt) errors.sendAt = 'required';
  else if (values.sendAt !== keptSendAt && sendAt <= now) errors.sendAt = 'inPast';
  if (values.frequency === 'weekly' && values.weekdays.length === 0) errors.weekdays = 'required';
  const until = values.until ? fromWallClockInput(`${values.until}T23:59`, timeZone) : null;
  if (until && sendAt && until < sendAt) errors.until = 'beforeStart';
  if (Object.keys(errors).length > 0 || !sendAt || !values.contact) return { fields: null, errors };
  return {
    errors: null,
    fields: {
      body,
      contactId: values.contact.id,
      sendAt: sendAt.toISOString(),
      whatsappId: values.whatsappId === '' ? null : values.whatsappId,
      templateName: template?.name ?? null,
      templateLanguage: template?.language ?? null,
      templateVariables: template?.variables ?? null,
      recurrence:
        values.frequency === 'none'
          ? null
          : {
              frequency: values.frequency,
              ...(values.frequency === 'weekly' ? { weekdays: [...values.weekdays].sort() } : {}),
              until: until ? until.toISOString() : null,
            },
    },
  };
}
