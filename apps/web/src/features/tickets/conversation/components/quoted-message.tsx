import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { MessageRecord } from '@wacrm/shared/messages/message.schema';
import { useTranslation } from 'react-i18next';
import { parseWhatsappFormat, toPlainText } from '../model/whatsapp-format.ts';

type Quoted = NonNullable<MessageRecord['quotedMsg']>;

interface QuotedMessageProps {
  quoted: Pick<Quoted, 'body' | 'fromMe' | 'mediaType'> & { contact?: Quoted['contact'] };
  contactName: string;
  onClick?: () => void;
}

/** The message a reply answers: who wrote it and a one-line preview. */
export function QuotedMessage({ quoted, contactName, onClick }: QuotedMessageProps) {
  const { t } = useTranslation('conversation');
  const author = quoted.fromMe ? t('thread.you') : (quoted.contact?.name ?? contactName);
  const preview = quoted.body
    ? toPlainText(parseWhatsappFormat(quoted.body))
    : t(`mediaLabel.${quoted.mediaType ?? 'file'}`, { defaultValue: t('mediaLabel.file') });
  return (
    <Box
      component={onClick ? 'button' : 'div'}
      type={onClick ? 'button' : undefined}
      onClick={onClick}
      data-testid="message-quoted"
      sx={(theme) => ({
        display: 'block',
        width: '100%',
        textAlign: 'left',
        font: 'inherit',
        color: 'inherit',
        cursor: onClick ? 'pointer' : 'default',
        border: 0,
        borderLeft: 4,
        borderColor: quoted.fromMe ? 'primary.main' : 'secondary.main',
        borderRadius: 1,
        bgcolor: theme.palette.mode === 'dark' ? 'rgba(0,0,0,0.25)' : 'rgba(0,0,0,0.05)',
        px: 1,
        py: 0.5,
        mb: 0.5,
      })}
    >
      <Typography variant="caption" sx={{ fontWeight: 600, color: quoted.fromMe ? 'primary.main' : 'secondary.main' }}>
        {author}
      </Typography>
      <Typography
        variant="body2"
        sx={{
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          display: '-webkit-box',
          WebkitLineClamp: 2,
          WebkitBoxOrient: 'vertical',
        }}
      >
        {preview}
      </Typography>
    </Box>
  );
}
