import AddOutlined from '@mui/icons-material/AddOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ChatRecord } from '@wacrm/shared/chats/chat.schema';
import { useTranslation } from 'react-i18next';
import { formatTicketTime } from '../../tickets/index.ts';
import { unreadsOf } from '../model/chat-cache.ts';

interface ChatListProps {
  chats: ChatRecord[];
  myId: number;
  selectedUuid: string | null;
  isLoading: boolean;
  isError: boolean;
  onSelect: (chat: ChatRecord) => void;
  onAdd: () => void;
}

/** My chats, the most recent first: title, participants, last message, time and my unread count. */
export function ChatList({ chats, myId, selectedUuid, isLoading, isError, onSelect, onAdd }: ChatListProps) {
  const { t } = useTranslation('chats');
  return (
    <Paper variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column', overflow: 'hidden' }}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', px: 2, py: 1.25, borderBottom: 1, borderColor: 'divider', gap: 1 }}
      >
        <Typography variant="h6" component="h1" sx={{ flex: 1, fontSize: '1.1rem' }}>
          {t('title')}
        </Typography>
        <Button variant="contained" size="small" startIcon={<AddOutlined />} onClick={onAdd} data-testid="chat-add">
          {t('actions.new')}
        </Button>
      </Stack>
      <Box sx={{ flex: 1, overflowY: 'auto' }} data-testid="chat-list">
        {isLoading && (
          <Box sx={{ display: 'grid', placeItems: 'center', p: 4 }}>
            <CircularProgress size={28} />
          </Box>
        )}
        {isError && (
          <Alert severity="error" sx={{ m: 2 }}>
            {t('list.error')}
          </Alert>
        )}
        {!isLoading && !isError && chats.length === 0 && (
          <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }} data-testid="chat-list-empty">
            {t('list.empty')}
          </Typography>
        )}
        <List disablePadding>
          {chats.map((chat) => {
            const unreads = unreadsOf(chat, myId);
            const names = chat.users.map((user) => (user.userId === myId ? t('list.you') : user.user.name)).join(', ');
            return (
              <ListItemButton
                key={chat.id}
                selected={chat.uuid === selectedUuid}
                onClick={() => onSelect(chat)}
                data-testid="chat-item"
                data-chat-title={chat.title}
                sx={{ m: 0, borderRadius: 0, borderBottom: 1, borderColor: 'divider', alignItems: 'flex-start' }}
              >
                <ListItemAvatar sx={{ minWidth: 52, mt: 0.5 }}>
                  <Avatar sx={{ bgcolor: 'primary.main' }}>{chat.title.charAt(0).toUpperCase()}</Avatar>
                </ListItemAvatar>
                <ListItemText
                  disableTypography
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
                  secondary={
                    <Box sx={{ minWidth: 0 }}>
                      <Typography variant="caption" color="text.secondary" noWrap component="div">
                        {names}
                      </Typography>
                      <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
                        <Typography variant="body2" color="text.secondary" noWrap sx={{ flex: 1, minWidth: 0 }}>
                          {chat.lastMessage || t('list.noMessages')}
                        </Typography>
                        <Badge
                          badgeContent={unreads}
                          color="success"
                          max={99}
                          sx={{ mr: 1.5 }}
                          slotProps={{ badge: { 'data-testid': 'chat-item-unreads' } as object }}
                        />
                      </Stack>
                    </Box>
                  }
                />
              </ListItemButton>
            );
          })}
        </List>
      </Box>
    </Paper>
  );
}
