import Box from '@mui/material/Box';
import { WeekdayHoursFields } from '../../../components/ui/weekday-hours-fields.tsx';
import { useCompanyClockLabel } from '../../settings/index.ts';

/** The queue's own opening hours (used when the company's scheduleType is 'queue'). */
export function QueueHoursTab() {
  const clock = useCompanyClockLabel();
  return (
    <Box sx={{ pt: 1 }}>
      <WeekdayHoursFields testIdPrefix="queue-hours" clock={clock} />
    </Box>
  );
}
