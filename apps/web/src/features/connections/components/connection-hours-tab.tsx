import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { WeekdayHoursFields } from '../../../components/ui/weekday-hours-fields.tsx';
import { useCompanyClockLabel } from '../../settings/index.ts';

/**
 * The connection's week of hours, kept for reference only: out-of-hours replies follow the
 * company's or the queues' hours (docs/decisions/channels.md, "Connection business hours").
 */
export function ConnectionHoursTab() {
  const { t } = useTranslation('connections');
  const clock = useCompanyClockLabel();
  return (
    <Box sx={{ pt: 1 }}>
      <WeekdayHoursFields testIdPrefix="connection-hours" clock={clock} hint={t('hours.hint')} />
    </Box>
  );
}
