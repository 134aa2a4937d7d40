import BlockIcon from '@mui/icons-material/Block';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import SmartToyOutlined from '@mui/icons-material/SmartToyOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { MessageRecord } from '@wacrm/shared/messages/message.schema';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withoutAutomaticLabel } from '../model/system-message.ts';
import { formatTime } from '../model/thread.ts';
import { AckIcon } from './ack-icon.tsx';
import { FormattedText } from './formatted-text.tsx';
import { MessageMedia, mediaOwnsBody } from './message-media.tsx';
import { QuotedMessage } from './quoted-message.tsx';

/** spec: messages are at most 600 px wide. */
export const MESSAGE_MAX_WIDTH = 600;

interface MessageBubbleProps {
  message: MessageRecord;
  contactName: string;
  isGroup: boolean;
  /** Read-only threads (admin peek) have no menu. */
  canAct: boolean;
  onReply: (message: MessageRecord) => void;
  onDelete: (message: MessageRecord) => void;
  onOpenImage: (url: string, name: string) => void;
  onQuotedClick: (messageId: number) => void;
}

/** The body text under a media part: a file's own name is not repeated as its caption. */
function captionOf(message: MessageRecord): string {
  if (mediaOwnsBody(message.mediaType)) return '';
  if (message.mediaUrl && message.body === message.mediaName) return '';
  return withoutAutomaticLabel(message.body, message.isSystem);
}

function BubbleMenu({ message, onReply, onDelete }: Pick<MessageBubbleProps, 'message' | 'onReply' | 'onDelete'>) {
  const { t } = useTranslation('conversation');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        size="small"
        className="bubble-menu"
        aria-label={t('thread.messageMenu')}
        data-testid="message-menu"
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{
          position: 'absolute',
          top: 0,
          right: 0,
          p: 0.25,
          opacity: anchor ? 1 : 0,
          '&:focus-visible': { opacity: 1 },
        }}
      >
        <ExpandMoreIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
        <MenuItem
          data-testid="message-reply"
          onClick={() => {
            close();
            onReply(message);
          }}
        >
          {t('thread.reply')}
        </MenuItem>
        {message.fromMe && (
          <MenuItem
            data-testid="message-delete"
            onClick={() => {
              close();
              onDelete(message);
            }}
          >
            {t('thread.delete')}
          </MenuItem>
        )}
      </Menu>
    </>
  );
}

/** One message: left for the customer, right for the company. */
export const MessageBubble = memo(function MessageBubble(props: MessageBubbleProps) {
  const { message, contactName, isGroup, canAct, onOpenImage, onQuotedClick } = props;
  const { t } = useTranslation('conversation');
  const caption = captionOf(message);
  const author = isGroup && !message.fromMe ? (message.participantName ?? message.participant) : null;
  return (
    <Stack
      sx={{ alignItems: message.fromMe ? 'flex-end' : 'flex-start', px: { xs: 1, sm: 2 }, py: 0.25 }}
      data-testid="message"
      data-message-id={message.id}
      data-from-me={message.fromMe}
    >
      <Box
        sx={(theme) => ({
          position: 'relative',
          maxWidth: { xs: '88%', md: `min(${MESSAGE_MAX_WIDTH}px, 80%)` },
          minWidth: 96,
          px: 1.25,
          pt: 0.75,
          pb: 0.5,
          pr: canAct ? 3 : 1.25,
          borderRadius: 2,
          boxShadow: '0 1px 0.5px rgba(0,0,0,0.13)',
          bgcolor: message.fromMe ? (theme.palette.mode === 'dark' ? '#005c4b' : '#d9fdd3') : 'background.paper',
          color: message.fromMe && theme.palette.mode === 'light' ? '#111b21' : 'text.primary',
          '&:hover .bubble-menu': { opacity: 1 },
        })}
      >
        {canAct && !message.isDeleted && <BubbleMenu {...props} />}
        {message.isSystem && (
          <Tooltip title={t('thread.systemHint')}>
            <Stack
              direction="row"
              spacing={0.5}
              sx={{ alignItems: 'center', opacity: 0.75, mb: 0.25 }}
              data-testid="message-system"
            >
              <SmartToyOutlined sx={{ fontSize: 14 }} />
              <Typography variant="caption" sx={{ fontWeight: 600 }}>
                {t('thread.system')}
              </Typography>
            </Stack>
          </Tooltip>
        )}
        {author && (
          <Typography variant="caption" sx={{ display: 'block', fontWeight: 600, color: 'secondary.main' }}>
            {author}
          </Typography>
        )}
        {message.quotedMsg && (
          <QuotedMessage
            quoted={message.quotedMsg}
            contactName={contactName}
            onClick={() => onQuotedClick(message.quotedMsg?.id ?? 0)}
          />
        )}
        {message.isDeleted ? (
          <Stack
            direction="row"
            spacing={0.5}
            sx={{ alignItems: 'center', fontStyle: 'italic', opacity: 0.7 }}
            data-testid="message-deleted"
          >
            <BlockIcon sx={{ fontSize: 16 }} />
            <Typography variant="body2">{t('thread.deleted')}</Typography>
          </Stack>
        ) : (
          <>
            <MessageMedia message={message} onOpenImage={onOpenImage} />
            {caption && (
              <Typography
                variant="body2"
                component="div"
                sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                data-testid="message-body"
              >
                <FormattedText text={caption} />
              </Typography>
            )}
          </>
        )}
        <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end', alignItems: 'center', mt: 0.25 }}>
          {message.isEdited && !message.isDeleted && (
            <Typography variant="caption" sx={{ opacity: 0.7, fontStyle: 'italic' }} data-testid="message-edited">
              {t('thread.edited')}
            </Typography>
          )}
          <Typography variant="caption" sx={{ opacity: 0.7 }}>
            {formatTime(message.createdAt)}
          </Typography>
          {message.fromMe && <AckIcon message={message} />}
        </Stack>
      </Box>
    </Stack>
  );
});
