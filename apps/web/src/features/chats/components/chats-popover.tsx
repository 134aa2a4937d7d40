import ForumOutlined from '@mui/icons-material/ForumOutlined';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSessionUser } from '../../auth/index.ts';
import { formatTicketTime } from '../../tickets/index.ts';
import { useChats } from '../hooks/use-chats.ts';
import { useChatsRealtime } from '../hooks/use-chats-realtime.ts';
import { unreadsOf } from '../model/chat-cache.ts';

/** spec: the top bar's internal chat popover (my chats, my unread total); items go to /chats/{uuid}. */
export function ChatsPopover() {
  const { t } = useTranslation('chats');
  const me = useSessionUser();
  const navigate = useNavigate();
  const { chats, total, isEnabled } = useChats();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  useChatsRealtime(isEnabled);
  if (!isEnabled) return null;

  const go = (path: string) => {
    setAnchor(null);
    navigate(path);
  };

  return (
    <>
      <Tooltip title={t('popover.title')}>
        <IconButton
          color="inherit"
          onClick={(event) => setAnchor(event.currentTarget)}
          aria-label={t('popover.open', { count: total })}
          aria-haspopup="true"
          data-testid="chats-button"
        >
          <Badge
            badgeContent={total}
            color="error"
            max={99}
            slotProps={{ badge: { 'data-testid': 'chats-badge' } as object }}
          >
            <ForumOutlined />
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
        <Stack direction="row" sx={{ px: 2, py: 1, borderBottom: 1, borderColor: 'divider', alignItems: 'center' }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, flex: 1 }}>
            {t('popover.title')}
          </Typography>
          <Button size="small" onClick={() => go('/chats')} data-testid="chats-popover-all">
            {t('popover.all')}
          </Button>
        </Stack>
        {chats.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }} data-testid="chats-popover-empty">
            {t('list.empty')}
          </Typography>
        ) : (
          <List dense disablePadding data-testid="chats-popover-list">
            {chats.map((chat) => (
              <ListItemButton
                key={chat.id}
                onClick={() => go(`/chats/${chat.uuid}`)}
                data-testid="chats-popover-item"
                sx={{ m: 0, borderRadius: 0, borderBottom: 1, borderColor: 'divider' }}
              >
                <ListItemAvatar sx={{ minWidth: 48 }}>
                  <Avatar sx={{ bgcolor: 'primary.main' }}>{chat.title.charAt(0).toUpperCase()}</Avatar>
                </ListItemAvatar>
                <ListItemText
                  primary={
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
                      <Typography variant="subtitle2" noWrap sx={{ flex: 1, minWidth: 0 }}>
                        {chat.title}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        {formatTicketTime(chat.updatedAt)}
                      </Typography>
                    </Stack>
                  }
                  secondary={chat.lastMessage || t('list.noMessages')}
                  slotProps={{ secondary: { noWrap: true } }}
                />
                <Box sx={{ ml: 1.5, mr: 1 }}>
                  <Badge badgeContent={unreadsOf(chat, me.id)} color="success" max={99} />
                </Box>
              </ListItemButton>
            ))}
          </List>
        )}
      </Popover>
    </>
  );
}
