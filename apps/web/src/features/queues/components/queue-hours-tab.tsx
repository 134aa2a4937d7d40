import Box from '@mui/material/Box';
import { WeekdayHoursFields } from '../../../components/ui/weekday-hours-fields.tsx';

/** The queue's own opening hours (used when the company's scheduleType is 'queue'). */
export function QueueHoursTab() {
  return (
    <Box sx={{ pt: 1 }}>
      <WeekdayHoursFields testIdPrefix="queue-hours" />
    </Box>
  );
}
