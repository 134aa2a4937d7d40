import BlockIcon from '@mui/icons-material/Block';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { MessageRecord } from '@wacrm/shared/messages/message.schema';
import { useTranslation } from 'react-i18next';
import { hasReadableOriginal } from '../model/message-actions.ts';
import { FormattedText } from './formatted-text.tsx';
import { MessageMedia } from './message-media.tsx';

interface DeletedMessageProps {
  message: MessageRecord;
  /** The body to show under the media (the bubble's caption rule). */
  caption: string;
  onOpenImage: (url: string, name: string) => void;
}

/**
 * A message deleted for everyone: who deleted it and, when the company's setting lets this viewer
 * read it (the server empties it for the others), the original greyed out below.
 */
export function DeletedMessage({ message, caption, onOpenImage }: DeletedMessageProps) {
  const { t } = useTranslation('conversation');
  const isReadable = hasReadableOriginal(message);
  return (
    <Box data-testid="message-deleted" data-original={isReadable}>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', fontStyle: 'italic', opacity: 0.75 }}>
        <BlockIcon sx={{ fontSize: 16 }} />
        <Typography variant="body2">{message.fromMe ? t('thread.deleted') : t('thread.deletedByCustomer')}</Typography>
      </Stack>
      {isReadable && (
        <Tooltip title={t('thread.deletedOriginalHint')} placement="bottom-start">
          <Box
            data-testid="message-deleted-original"
            sx={{
              mt: 0.5,
              pl: 1,
              borderLeft: 2,
              borderColor: 'divider',
              opacity: 0.55,
              filter: 'grayscale(1)',
            }}
          >
            {message.mediaUrl && <MessageMedia message={message} onOpenImage={onOpenImage} />}
            {caption && (
              <Typography variant="body2" component="div" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                <FormattedText text={caption} />
              </Typography>
            )}
          </Box>
        </Tooltip>
      )}
    </Box>
  );
}
