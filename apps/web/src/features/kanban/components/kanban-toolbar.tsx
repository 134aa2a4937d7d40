import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { SearchField } from '../../../components/ui/search-field.tsx';

interface KanbanToolbarProps {
  search: string;
  onSearchChange: (value: string) => void;
  queues: { id: number; name: string }[];
  queueIds: number[];
  onQueueIdsChange: (ids: number[]) => void;
}

/** Title, contact search and queue filter (none chosen: every queue the user may see). */
export function KanbanToolbar({ search, onSearchChange, queues, queueIds, onQueueIdsChange }: KanbanToolbarProps) {
  const { t } = useTranslation('kanban');
  const nameOf = (id: number) => queues.find((queue) => queue.id === id)?.name ?? '';
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
      <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
        {t('title')}
      </Typography>
      <SearchField
        placeholder={t('search')}
        value={search}
        onChange={onSearchChange}
        testId="kanban-search"
        sx={{ minWidth: { sm: 240 } }}
      />
      {queues.length > 0 && (
        <TextField
          select
          size="small"
          label={t('queues')}
          value={queueIds}
          onChange={(event) => {
            const value = event.target.value as unknown as number[] | string;
            onQueueIdsChange(typeof value === 'string' ? [] : value);
          }}
          slotProps={{
            select: {
              multiple: true,
              displayEmpty: true,
              renderValue: (selected) => {
                const ids = selected as number[];
                return ids.length ? ids.map(nameOf).join(', ') : t('allQueues');
              },
            },
            inputLabel: { shrink: true },
            htmlInput: { 'data-testid': 'kanban-queue-filter' },
          }}
          sx={{ minWidth: { sm: 200 }, maxWidth: { sm: 280 } }}
        >
          {queues.map((queue) => (
            <MenuItem key={queue.id} value={queue.id} dense>
              <Checkbox size="small" checked={queueIds.includes(queue.id)} disableRipple tabIndex={-1} />
              <ListItemText primary={queue.name} />
            </MenuItem>
          ))}
        </TextField>
      )}
    </Stack>
  );
}
