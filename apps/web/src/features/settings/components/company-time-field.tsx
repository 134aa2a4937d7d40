import TextField from '@mui/material/TextField';
import { fromWallClockInput } from '@wacrm/shared/schedules/wall-clock';
import { useTranslation } from 'react-i18next';
import { browserTimeZone, formatDateTime } from '../../../lib/format.ts';
import { formatUtcOffset, isSameClock, utcOffsetMinutes } from '../../../lib/time-zone.ts';
import { useZoneLabel } from '../hooks/use-company-time-zone.ts';

interface CompanyTimeFieldProps {
  label: string;
  /** `YYYY-MM-DDTHH:mm` on the company's clock, or ''. */
  value: string;
  /** The company's zone (`useCompanyTimeZone`). */
  timeZone: string;
  onChange: (value: string) => void;
  /** A translated error, shown above the zone. */
  error?: string;
  required?: boolean;
  disabled?: boolean;
  /** A line under the zone about what the time does (e.g. that an empty one keeps a campaign inactive). */
  note?: string;
  testId: string;
}

/**
 * A date and time typed on the company's clock, whatever the browser's zone: the field says which
 * clock ("Horário de São Paulo (UTC−03:00)") and, when the browser runs on another one, the same
 * moment on the browser's clock, which is how messages and tickets will show it.
 */
export function CompanyTimeField({
  label,
  value,
  timeZone,
  onChange,
  error,
  required,
  disabled,
  note,
  testId,
}: CompanyTimeFieldProps) {
  const { t } = useTranslation('common');
  const zoneLabel = useZoneLabel();
  const instant = (value && fromWallClockInput(value, timeZone)) || new Date();
  const viewerZone = browserTimeZone();
  const viewerHint = isSameClock(timeZone, viewerZone, instant)
    ? null
    : t('clock.onYourClock', {
        time: formatDateTime(instant),
        offset: formatUtcOffset(utcOffsetMinutes(viewerZone, instant)),
      });
  // The error first; the zone stays under it, since "already passed" depends on which clock.
  const hint = (
    <>
      {error && (
        <>
          {error}
          <br />
        </>
      )}
      <span data-testid={`${testId}-zone`}>{zoneLabel(timeZone, instant)}</span>
      {value && viewerHint && (
        <>
          <br />
          <span data-testid={`${testId}-viewer-time`}>{viewerHint}</span>
        </>
      )}
      {note && (
        <>
          <br />
          <span data-testid={`${testId}-note`}>{note}</span>
        </>
      )}
    </>
  );
  return (
    <TextField
      type="datetime-local"
      label={label}
      required={required}
      fullWidth
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={hint}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': testId } }}
    />
  );
}
