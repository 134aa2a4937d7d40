import TimerOffOutlined from '@mui/icons-material/TimerOffOutlined';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import type { SlaBreach } from '@wacrm/shared/sla/sla.schema';
import { useTranslation } from 'react-i18next';

/** The bell's section of open tickets that missed a target; a click opens the ticket. */
export function SlaBreachList({ breaches, onOpen }: { breaches: SlaBreach[]; onOpen: (uuid: string) => void }) {
  const { t } = useTranslation('sla');
  if (breaches.length === 0) return null;
  return (
    <List
      dense
      disablePadding
      data-testid="sla-breach-list"
      subheader={<ListSubheader sx={{ lineHeight: '32px' }}>{t('breaches.title')}</ListSubheader>}
    >
      {breaches.map((breach) => (
        <ListItemButton
          key={`${breach.ticketId}-${breach.kind}`}
          onClick={() => onOpen(breach.uuid)}
          data-testid="sla-breach-item"
          sx={{ m: 0, borderRadius: 0, borderBottom: 1, borderColor: 'divider' }}
        >
          <ListItemIcon sx={{ minWidth: 36 }}>
            <TimerOffOutlined color="error" fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={breach.contactName} secondary={t(`breaches.${breach.kind}`)} />
        </ListItemButton>
      ))}
    </List>
  );
}
