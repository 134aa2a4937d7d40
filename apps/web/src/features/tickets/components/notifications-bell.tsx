import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { TicketRecord } from '@wacrm/shared/messages/message.schema';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SlaBreachList, useSlaBreaches } from '../../sla/index.ts';
import { useTicketNotifications } from '../hooks/use-ticket-notifications.ts';
import { formatTicketTime } from '../model/ticket-time.ts';

/** spec: the top bar's notification bell; a click opens the ticket. */
export function NotificationsBell() {
  const { t } = useTranslation('tickets');
  const navigate = useNavigate();
  const { tickets, count: ticketCount } = useTicketNotifications();
  const sla = useSlaBreaches();
  const count = ticketCount + sla.breaches.length;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  const handleOpenTicket = (ticket: TicketRecord) => {
    setAnchor(null);
    navigate(`/tickets/${ticket.uuid}`);
  };

  return (
    <>
      <Tooltip title={t('notifications.title')}>
        <IconButton
          color="inherit"
          onClick={(event) => {
            setAnchor(event.currentTarget);
            void sla.refresh();
          }}
          aria-label={t('notifications.open', { count })}
          aria-haspopup="true"
          data-testid="notifications-button"
        >
          <Badge
            badgeContent={count}
            color="error"
            max={99}
            slotProps={{ badge: { 'data-testid': 'notifications-badge' } as object }}
          >
            <NotificationsOutlined />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 360, maxWidth: 'calc(100vw - 16px)', maxHeight: 440 } } }}
      >
        <Box sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {t('notifications.title')}
          </Typography>
        </Box>
        <SlaBreachList
          breaches={sla.breaches}
          onOpen={(uuid) => {
            setAnchor(null);
            navigate(`/tickets/${uuid}`);
          }}
        />
        {tickets.length === 0 && sla.breaches.length > 0 ? null : tickets.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }} data-testid="notifications-empty">
            {t('notifications.empty')}
          </Typography>
        ) : (
          <List dense disablePadding data-testid="notifications-list">
            {tickets.map((ticket) => (
              <ListItemButton
                key={ticket.id}
                onClick={() => handleOpenTicket(ticket)}
                data-testid="notification-item"
                sx={{ m: 0, borderRadius: 0, borderBottom: 1, borderColor: 'divider', gap: 0.5 }}
              >
                <ListItemAvatar sx={{ minWidth: 48 }}>
                  <Avatar src={ticket.contact?.profilePicUrl ?? undefined} alt="">
                    {(ticket.contact?.name ?? '?').charAt(0).toUpperCase()}
                  </Avatar>
                </ListItemAvatar>
                <ListItemText
                  primary={
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
                      <Typography variant="subtitle2" noWrap sx={{ flex: 1, minWidth: 0 }}>
                        {ticket.contact?.name}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        {formatTicketTime(ticket.updatedAt)}
                      </Typography>
                    </Stack>
                  }
                  secondary={ticket.lastMessage}
                  slotProps={{ secondary: { noWrap: true } }}
                />
                <Badge badgeContent={ticket.unreadMessages} color="success" sx={{ ml: 1.5, mr: 1 }} />
              </ListItemButton>
            ))}
          </List>
        )}
      </Popover>
    </>
  );
}
