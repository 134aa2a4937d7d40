import DoneIcon from '@mui/icons-material/Done';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import MicIcon from '@mui/icons-material/Mic';
import ReplyIcon from '@mui/icons-material/Reply';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../lib/format.ts';
// The ticket thread's WhatsApp formatter: the simulated phone shows *bold*, _italic_… as the real one does.
import { FormattedText, parseWhatsappFormat, toPlainText } from '../../tickets/index.ts';
import type { SandboxMessage } from '../model/sandbox-chat.ts';

interface ChatBubbleProps {
  message: SandboxMessage;
  quoted: SandboxMessage | null;
  onReply: (message: SandboxMessage) => void;
  onAck: (message: SandboxMessage, ack: number) => void;
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

function VoiceNote({ url }: { url: string | null }) {
  const { t } = useTranslation('sandbox');
  return (
    <Stack spacing={0.5} sx={{ mb: 0.5 }} data-testid="sandbox-voice-note">
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'text.secondary' }}>
        <MicIcon fontSize="small" color="success" />
        <Typography variant="caption">{t('chat.voiceNote')}</Typography>
      </Stack>
      {url && (
        <Box
          component="audio"
          controls
          preload="none"
          src={url}
          // Native controls follow the page's colour scheme only when told.
          sx={(theme) => ({ width: { xs: 210, sm: 260 }, height: 36, colorScheme: theme.palette.mode })}
        />
      )}
    </Stack>
  );
}

function MediaPreview({ media }: { media: NonNullable<SandboxMessage['media']> }) {
  if (media.voiceNote) return <VoiceNote url={media.url} />;
  if (media.url && media.mimetype.startsWith('image/')) {
    return (
      <Box
        component="img"
        src={media.url}
        alt={media.filename}
        sx={{ display: 'block', maxWidth: 250, maxHeight: 200, borderRadius: 1, mb: 0.5 }}
      />
    );
  }
  const label = (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
      <InsertDriveFileOutlined fontSize="small" />
      <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
        {media.filename}
      </Typography>
    </Stack>
  );
  return media.url ? (
    <Link href={media.url} target="_blank" rel="noopener noreferrer" underline="hover" color="inherit">
      {label}
    </Link>
  ) : (
    label
  );
}

/** One line of the simulated chat; the customer's own lines sit on the right, as on their phone. */
export function ChatBubble({ message, quoted, onReply, onAck }: ChatBubbleProps) {
  const { t } = useTranslation('sandbox');
  const isMine = message.direction === 'in';
  return (
    <Stack
      sx={{ alignItems: isMine ? 'flex-end' : 'flex-start', '&:hover .bubble-reply': { opacity: 1 } }}
      data-testid={isMine ? 'sandbox-message-in' : 'sandbox-message-out'}
      data-message-id={message.id}
    >
      <Stack direction={isMine ? 'row-reverse' : 'row'} spacing={0.5} sx={{ alignItems: 'center', maxWidth: '85%' }}>
        <Box
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
      </Stack>
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
