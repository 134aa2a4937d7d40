import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ChatMessageRecord } from '@wacrm/shared/chats/chat.schema';
import { useTranslation } from 'react-i18next';
import { splitTicketLinks } from '../model/chat-cache.ts';
import { ChatTicketCard } from './chat-ticket-card.tsx';

interface ChatMessageBubbleProps {
  message: ChatMessageRecord;
  isMine: boolean;
  canEdit: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

const timeOf = (iso: string) => {
  const date = new Date(iso);
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
};

/** One message: mine on the right; others with the sender's initial and name. Text only, never HTML. */
export function ChatMessageBubble({ message, isMine, canEdit, onEdit, onDelete }: ChatMessageBubbleProps) {
  const { t } = useTranslation('chats');
  const name = message.sender?.name ?? t('conversation.formerUser');
  const isDeleted = message.deletedAt !== null;
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ justifyContent: isMine ? 'flex-end' : 'flex-start', alignItems: 'flex-end', px: { xs: 1, sm: 2 }, py: 0.5 }}
      data-testid="chat-message"
      data-mine={isMine ? 'true' : 'false'}
    >
      {!isMine && (
        <Avatar sx={{ width: 32, height: 32, fontSize: '0.9rem', bgcolor: 'secondary.main' }} aria-hidden>
          {name.charAt(0).toUpperCase()}
        </Avatar>
      )}
      <Box
        sx={{
          maxWidth: { xs: '82%', sm: '70%' },
          px: 1.5,
          py: 0.75,
          borderRadius: 2,
          bgcolor: isMine ? 'primary.main' : 'action.hover',
          color: isMine ? 'primary.contrastText' : 'text.primary',
          '&:hover .chat-message-actions, &:focus-within .chat-message-actions': { opacity: 1 },
        }}
      >
        {!isMine && (
          <Typography variant="caption" sx={{ fontWeight: 600, display: 'block' }} color="secondary">
            {name}
          </Typography>
        )}
        {isDeleted ? (
          <Typography variant="body2" sx={{ fontStyle: 'italic', opacity: 0.8 }} data-testid="chat-message-deleted">
            {t('conversation.deleted')}
          </Typography>
        ) : (
          <Typography
            variant="body2"
            sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            data-testid="chat-message-text"
          >
            {splitTicketLinks(message.message).map((part, index) =>
              part.isLink ? null : (
                // biome-ignore lint/suspicious/noArrayIndexKey: parts of one immutable text
                <span key={index}>{part.text}</span>
              ),
            )}
          </Typography>
        )}
        {!isDeleted && message.tickets.map((card) => <ChatTicketCard key={card.uuid} card={card} />)}
        <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end', alignItems: 'center', mt: 0.25 }}>
          {canEdit && (
            <Box className="chat-message-actions" sx={{ opacity: { xs: 1, md: 0 }, display: 'flex' }}>
              <Tooltip title={t('conversation.edit')}>
                <IconButton size="small" color="inherit" onClick={onEdit} aria-label={t('conversation.edit')}>
                  <EditOutlined sx={{ fontSize: 16 }} />
                </IconButton>
              </Tooltip>
              <Tooltip title={t('conversation.delete')}>
                <IconButton size="small" color="inherit" onClick={onDelete} aria-label={t('conversation.delete')}>
                  <DeleteOutlined sx={{ fontSize: 16 }} />
                </IconButton>
              </Tooltip>
            </Box>
          )}
          {message.editedAt && !isDeleted && (
            <Typography variant="caption" sx={{ opacity: 0.75 }} data-testid="chat-message-edited">
              {t('conversation.edited')}
            </Typography>
          )}
          <Typography variant="caption" sx={{ opacity: 0.75 }}>
            {timeOf(message.createdAt)}
          </Typography>
        </Stack>
      </Box>
    </Stack>
  );
}
