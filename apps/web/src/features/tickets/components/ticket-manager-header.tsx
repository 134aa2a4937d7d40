import AddOutlined from '@mui/icons-material/AddOutlined';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import type { QueueChoice } from '../hooks/use-manager-filters.ts';
import { QueueMultiSelect } from './queue-multi-select.tsx';

interface TicketManagerHeaderProps {
  canShowAll: boolean;
  showAll: boolean;
  onShowAllChange: (next: boolean) => void;
  queueOptions: QueueChoice[];
  selectedQueueIds: number[];
  onQueuesChange: (ids: number[]) => void;
  onNewTicket: () => void;
}

/** spec: New ticket, the show-all switch (permission-gated) and the queue multi-select. */
export function TicketManagerHeader(props: TicketManagerHeaderProps) {
  const { t } = useTranslation('tickets');
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center', px: 1.5, py: 1, borderBottom: 1, borderColor: 'divider', minHeight: 52 }}
    >
      <Button
        size="small"
        variant="contained"
        startIcon={<AddOutlined />}
        onClick={props.onNewTicket}
        data-testid="tickets-new"
        sx={{ flexShrink: 0 }}
      >
        {t('header.newTicket')}
      </Button>
      {props.canShowAll && (
        <Tooltip title={t('header.showAllHint')}>
          <FormControlLabel
            sx={{ mx: 0, flexShrink: 0, '& .MuiFormControlLabel-label': { fontSize: 14 } }}
            control={
              <Switch
                size="small"
                checked={props.showAll}
                onChange={(event) => props.onShowAllChange(event.target.checked)}
                slotProps={{ input: { 'aria-label': t('header.showAllHint') } }}
                data-testid="tickets-show-all"
              />
            }
            label={t('header.showAll')}
          />
        </Tooltip>
      )}
      <Stack direction="row" sx={{ flex: 1, justifyContent: 'flex-end', minWidth: 0 }}>
        <QueueMultiSelect
          options={props.queueOptions}
          selected={props.selectedQueueIds}
          onChange={props.onQueuesChange}
        />
      </Stack>
    </Stack>
  );
}
