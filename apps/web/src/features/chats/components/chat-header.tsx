import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ChatRecord } from '@wacrm/shared/chats/chat.schema';
import { useTranslation } from 'react-i18next';

interface ChatHeaderProps {
  chat: ChatRecord;
  myId: number;
  onBack?: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** The open chat's title and participants; the owner alone sees edit and delete (spec). */
export function ChatHeader({ chat, myId, onBack, onEdit, onDelete }: ChatHeaderProps) {
  const { t } = useTranslation('chats');
  const isOwner = chat.ownerId === myId;
  const names = chat.users.map((user) => (user.userId === myId ? t('list.you') : user.user.name)).join(', ');
  return (
    <Stack
      direction="row"
      sx={{ alignItems: 'center', gap: 1, px: { xs: 1, sm: 2 }, py: 1, borderBottom: 1, borderColor: 'divider' }}
    >
      {onBack && (
        <IconButton onClick={onBack} aria-label={t('conversation.back')} size="small">
          <ArrowBackOutlined />
        </IconButton>
      )}
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="subtitle1" noWrap sx={{ fontWeight: 600 }} data-testid="chat-open-title">
          {chat.title}
        </Typography>
        <Typography variant="caption" color="text.secondary" noWrap component="div">
          {names}
        </Typography>
      </Box>
      {isOwner && (
        <>
          <Tooltip title={t('actions.edit')}>
            <IconButton onClick={onEdit} aria-label={t('actions.edit')} data-testid="chat-edit">
              <EditOutlined />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('actions.delete')}>
            <IconButton onClick={onDelete} aria-label={t('actions.delete')} data-testid="chat-delete">
              <DeleteOutlined />
            </IconButton>
          </Tooltip>
        </>
      )}
    </Stack>
  );
}
