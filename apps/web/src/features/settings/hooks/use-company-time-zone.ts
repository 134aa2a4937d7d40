import { useQuery, useQueryClient } from '@tanstack/react-query';
import { companyEvent } from '@wacrm/shared/realtime/events';
import { settingDefinitions } from '@wacrm/shared/settings/settings';
import { useTranslation } from 'react-i18next';
import { browserTimeZone } from '../../../lib/format.ts';
import { useSocketEvent } from '../../../lib/socket-context.ts';
import { formatUtcOffset, isSameClock, nameOfTimeZone, utcOffsetMinutes } from '../../../lib/time-zone.ts';
import { useSessionUser } from '../../auth/index.ts';
import { settingsApi, settingsKeys } from '../api/settings-api.ts';
import { settingValue } from '../model/settings-list.ts';
import { type SettingsScope, useSettings } from './use-settings.ts';

/**
 * The company's clock (setting `timezone`): every time typed for the company is read and shown on
 * it (docs/decisions/dates-and-times.md). The browser's zone stands in until the answer arrives.
 */
export function useCompanyTimeZone(companyId: number, isEnabled = true): string {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: settingsKeys.timeZone(companyId),
    queryFn: settingsApi.timeZone,
    enabled: isEnabled,
    staleTime: 5 * 60_000,
  });
  useSocketEvent(isEnabled ? companyEvent(companyId, 'settings') : null, (event) => {
    const setting = event.setting as { key?: string; value?: string } | undefined;
    if (setting?.key === 'timezone' && setting.value) {
      queryClient.setQueryData(settingsKeys.timeZone(companyId), { timeZone: setting.value });
    }
  });
  return query.data?.timeZone ?? browserTimeZone();
}

/** "Horário de São Paulo (UTC−03:00)": a zone named for a time field, its offset taken at `at`. */
export function useZoneLabel() {
  const { t } = useTranslation('common');
  return (timeZone: string, at: Date) => {
    const { place, offset } = nameOfTimeZone(timeZone, at);
    return place ? t('clock.zone', { place, offset }) : t('clock.utc', { offset });
  };
}

/**
 * When the browser runs on another clock than the company's: the company's zone named, and the
 * browser's offset, for a screen that lists company times beside moments on the viewer's clock.
 */
export function useClockDifference(timeZone: string): { zone: string; offset: string } | null {
  const zoneLabel = useZoneLabel();
  const now = new Date();
  const viewerZone = browserTimeZone();
  if (isSameClock(timeZone, viewerZone, now)) return null;
  return { zone: zoneLabel(timeZone, now), offset: formatUtcOffset(utcOffsetMinutes(viewerZone, now)) };
}

/**
 * The clock of a company whose settings a screen edits: the session's own, or, in the super user's
 * companies admin, the company named by id (its `timezone` setting).
 */
export function useTimeZoneOfCompany(companyId: number, scope: SettingsScope): string {
  const own = useCompanyTimeZone(companyId, scope === 'own');
  const settings = useSettings(companyId, scope === 'companiesAdmin', 'companiesAdmin');
  if (scope === 'own') return own;
  return settingValue(settings.data, 'timezone') ?? settingDefinitions.timezone.default;
}

/** The session company's clock named as it runs now, for fields of weekly hours (no date of their own). */
export function useCompanyClockLabel(): string {
  const zoneLabel = useZoneLabel();
  return zoneLabel(useCompanyTimeZone(useSessionUser().companyId), new Date());
}
