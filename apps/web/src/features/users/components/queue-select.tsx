import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { QueueRecord } from '@wacrm/shared/queues/queue.schema';
import { useTranslation } from 'react-i18next';

interface QueueSelectProps {
  queues: Pick<QueueRecord, 'id' | 'name' | 'color'>[];
  value: number[];
  onChange: (queueIds: number[]) => void;
}

/** Multi-select of the company's queues, shown as coloured chips. */
export function QueueSelect({ queues, value, onChange }: QueueSelectProps) {
  const { t } = useTranslation('users');
  const byId = new Map(queues.map((queue) => [queue.id, queue]));
  return (
    <TextField
      select
      label={t('userModal.queues')}
      fullWidth
      value={value}
      helperText={queues.length === 0 ? t('userModal.noQueues') : undefined}
      disabled={queues.length === 0}
      onChange={(event) => {
        const raw = event.target.value as unknown;
        onChange(Array.isArray(raw) ? raw.map(Number) : []);
      }}
      slotProps={{
        select: {
          multiple: true,
          renderValue: (selected) => (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
              {(selected as number[]).map((id) => {
                const queue = byId.get(id);
                return queue ? (
                  <Chip key={id} size="small" label={queue.name} sx={{ bgcolor: queue.color, color: '#fff' }} />
                ) : null;
              })}
            </Box>
          ),
        },
      }}
    >
      {queues.map((queue) => (
        <MenuItem key={queue.id} value={queue.id}>
          {queue.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
