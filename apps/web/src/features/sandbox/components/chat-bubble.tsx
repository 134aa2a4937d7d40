import DoneIcon from '@mui/icons-material/Done';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import ReplyIcon from '@mui/icons-material/Reply';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../lib/format.ts';
// The ticket thread's WhatsApp formatter (the simulated phone shows *bold*, _italic_… as the real
// one does) and its reaction bar.
import { FormattedText, parseWhatsappFormat, ReactionPicker, toPlainText } from '../../tickets/index.ts';
import type { SandboxMessage } from '../model/sandbox-chat.ts';
import { ChatBubbleMenu } from './chat-bubble-menu.tsx';
import { MediaPreview } from './chat-media-preview.tsx';
import { ChatReactions } from './chat-reactions.tsx';

/** The simulated customer keeps their own most-used emojis, apart from the attendant's. */
const CUSTOMER_USAGE_KEY = 'sandbox-reaction-emoji-usage';

interface ChatBubbleProps {
  message: SandboxMessage;
  quoted: SandboxMessage | null;
  onReply: (message: SandboxMessage) => void;
  onAck: (message: SandboxMessage, ack: number) => void;
  onEdit: (message: SandboxMessage) => void;
  onRevoke: (message: SandboxMessage) => void;
  /** The customer's reaction; '' removes it. */
  onReact: (message: SandboxMessage, emoji: string) => void;
}

const timeOf = formatTime;

function AckIcon({ ack }: { ack: number }) {
  const { t } = useTranslation('sandbox');
  const label = t(`ack.${Math.min(Math.max(ack, 1), 3)}`);
  const sx = { fontSize: 16 };
  if (ack >= 3)
    return <DoneAllIcon sx={{ ...sx, color: 'info.main' }} aria-label={label} data-testid="sandbox-ack-read" />;
  if (ack === 2) return <DoneAllIcon sx={sx} color="action" aria-label={label} data-testid="sandbox-ack-delivered" />;
  return <DoneIcon sx={sx} color="action" aria-label={label} data-testid="sandbox-ack-sent" />;
}

/** The customer's own message: one tick until the company sends a read receipt, then blue ticks. */
function ReceiptIcon({ isRead }: { isRead: boolean }) {
  const { t } = useTranslation('sandbox');
  const sx = { fontSize: 16 };
  return isRead ? (
    <DoneAllIcon
      sx={{ ...sx, color: 'info.main' }}
      aria-label={t('chat.readByCompany')}
      data-testid="sandbox-receipt-read"
    />
  ) : (
    <DoneIcon sx={sx} color="action" aria-label={t('chat.notReadYet')} data-testid="sandbox-receipt-none" />
  );
}

/** One line of the simulated chat; the customer's own lines sit on the right, as on their phone. */
export function ChatBubble({ message, quoted, onReply, onAck, onEdit, onRevoke, onReact }: ChatBubbleProps) {
  const { t } = useTranslation('sandbox');
  const isMine = message.direction === 'in';
  const bubble = useRef<HTMLDivElement>(null);
  const [pickerAnchor, setPickerAnchor] = useState<HTMLElement | null>(null);
  const reaction = message.reaction ?? '';
  return (
    <Stack
      sx={{ alignItems: isMine ? 'flex-end' : 'flex-start', '&:hover .bubble-reply': { opacity: 1 } }}
      data-testid={isMine ? 'sandbox-message-in' : 'sandbox-message-out'}
      data-message-id={message.id}
    >
      <Stack direction={isMine ? 'row-reverse' : 'row'} spacing={0.5} sx={{ alignItems: 'center', maxWidth: '85%' }}>
        <Box
          ref={bubble}
          sx={(theme) => ({
            px: 1.5,
            py: 1,
            borderRadius: 2,
            minWidth: 80,
            maxWidth: 600,
            bgcolor: isMine ? (theme.palette.mode === 'dark' ? '#005c4b' : '#d9fdd3') : 'background.paper',
            color: isMine && theme.palette.mode === 'dark' ? '#e9edef' : 'text.primary',
            boxShadow: 1,
            borderTopRightRadius: isMine ? 4 : undefined,
            borderTopLeftRadius: isMine ? undefined : 4,
          })}
        >
          {quoted && (
            <Box
              sx={{
                borderLeft: 3,
                borderColor: 'primary.main',
                bgcolor: 'action.hover',
                px: 1,
                py: 0.5,
                mb: 0.75,
                borderRadius: 1,
              }}
            >
              <Typography variant="caption" color="primary" sx={{ fontWeight: 600, display: 'block' }}>
                {quoted.direction === 'in' ? t('chat.you') : t('chat.company')}
              </Typography>
              <Typography variant="caption" sx={{ display: 'block' }} noWrap>
                {quoted.body ? toPlainText(parseWhatsappFormat(quoted.body)) : quoted.media?.filename}
              </Typography>
            </Box>
          )}
          {message.deleted ? (
            <Typography variant="body2" sx={{ fontStyle: 'italic', color: 'text.secondary' }}>
              {t('chat.deleted')}
            </Typography>
          ) : (
            <>
              {message.media && <MediaPreview media={message.media} />}
              {message.body && (
                <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                  <FormattedText text={message.body} />
                </Typography>
              )}
            </>
          )}
          <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end', alignItems: 'center', mt: 0.25 }}>
            {message.edited && !message.deleted && (
              <Typography
                variant="caption"
                color="text.secondary"
                sx={{ fontStyle: 'italic' }}
                data-testid="sandbox-edited"
              >
                {t('chat.edited')}
              </Typography>
            )}
            <Typography variant="caption" color="text.secondary">
              {timeOf(message.time)}
            </Typography>
            {isMine ? <ReceiptIcon isRead={message.isReadByCompany === true} /> : <AckIcon ack={message.ack} />}
          </Stack>
        </Box>
        <Tooltip title={t('chat.reply')}>
          <IconButton
            size="small"
            className="bubble-reply"
            onClick={() => onReply(message)}
            aria-label={t('chat.reply')}
            sx={{ opacity: { xs: 1, md: 0.35 }, transition: 'opacity .15s' }}
            data-testid="sandbox-reply"
          >
            <ReplyIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        {!message.deleted && (
          <ChatBubbleMenu
            message={message}
            onReact={() => setPickerAnchor(bubble.current)}
            onEdit={onEdit}
            onRevoke={onRevoke}
          />
        )}
      </Stack>
      {!message.deleted && <ChatReactions message={message} onRemove={() => onReact(message, '')} />}
      <ReactionPicker
        anchorEl={pickerAnchor}
        current={reaction}
        usageKey={CUSTOMER_USAGE_KEY}
        onPick={(emoji) => {
          setPickerAnchor(null);
          // The same emoji again removes it, as on the phone.
          onReact(message, emoji === reaction ? '' : emoji);
        }}
        onClose={() => setPickerAnchor(null)}
      />
      {!isMine && !message.deleted && message.ack < 3 && (
        <Stack direction="row" spacing={0.5} sx={{ mt: 0.25 }}>
          {message.ack < 2 && (
            <Button
              size="small"
              onClick={() => onAck(message, 2)}
              data-testid="sandbox-mark-delivered"
              sx={{ minWidth: 0, py: 0 }}
            >
              {t('chat.markDelivered')}
            </Button>
          )}
          <Button
            size="small"
            onClick={() => onAck(message, 3)}
            data-testid="sandbox-mark-read"
            sx={{ minWidth: 0, py: 0 }}
          >
            {t('chat.markRead')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
