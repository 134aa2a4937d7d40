import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { QueueChoice } from '../hooks/use-manager-filters.ts';

interface QueueSelectProps {
  label: string;
  queues: QueueChoice[];
  value: number | '';
  onChange: (id: number | '') => void;
  error?: string;
  helperText?: string;
  /** Offers an empty choice (admins may open a ticket without a queue). */
  emptyLabel?: string;
  testId: string;
}

/** One queue, shown with its colour. */
export function QueueSelect({
  label,
  queues,
  value,
  onChange,
  error,
  helperText,
  emptyLabel,
  testId,
}: QueueSelectProps) {
  return (
    <TextField
      select
      fullWidth
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value === '' ? '' : Number(event.target.value))}
      error={Boolean(error)}
      helperText={error ?? helperText}
      slotProps={{ select: { SelectDisplayProps: { 'data-testid': testId } as object } }}
    >
      {emptyLabel !== undefined && (
        <MenuItem value="">
          <em>{emptyLabel}</em>
        </MenuItem>
      )}
      {queues.map((queue) => (
        <MenuItem key={queue.id} value={queue.id} data-testid={`${testId}-option`}>
          {/* One inline box, so the closed select shows the dot beside the name too. */}
          <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', minWidth: 0 }}>
            <Box
              component="span"
              sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: queue.color, mr: 1.5, flexShrink: 0 }}
            />
            {queue.name}
          </Box>
        </MenuItem>
      ))}
    </TextField>
  );
}
