import type { ScheduleRecord } from '@wacrm/shared/schedules/schedule.schema';
import type { i18n as I18n } from 'i18next';

/** How a schedule's state reads beside it (an error with its reason); nothing while it is pending. */
export function scheduleStateText(
  i18n: Pick<I18n, 't' | 'exists'>,
  schedule: Pick<ScheduleRecord, 'status' | 'errorCode'>,
): string | null {
  if (schedule.status === 'pending') return null;
  const reasonKey = `errors:${schedule.errorCode}`;
  if (schedule.status === 'error' && schedule.errorCode && i18n.exists(reasonKey)) {
    return i18n.t('schedules:status.errorWithReason', { reason: i18n.t(reasonKey) });
  }
  return i18n.t(`schedules:status.${schedule.status}`);
}

/** The chip colour of a schedule's state. */
export const scheduleStateColor = (status: ScheduleRecord['status']) =>
  status === 'error' ? 'error' : status === 'waiting' ? 'warning' : 'success';
