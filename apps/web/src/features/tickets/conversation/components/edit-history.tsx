import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MessageRecord } from '@wacrm/shared/messages/message.schema';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageVersions } from '../model/message-actions.ts';
import { formatTime } from '../model/thread.ts';
import { FormattedText } from './formatted-text.tsx';

interface EditHistoryProps {
  message: Pick<MessageRecord, 'body' | 'createdAt' | 'editHistory'>;
}

/** The bubble's "edited" mark; pressing it shows every earlier text of the message. */
export function EditHistory({ message }: EditHistoryProps) {
  const { t } = useTranslation('conversation');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const versions = messageVersions(message);
  const mark = (
    <Typography variant="caption" sx={{ opacity: 0.7, fontStyle: 'italic' }}>
      {t('thread.edited')}
    </Typography>
  );
  // Edited before its history was kept: the mark alone.
  if (versions.length < 2) return <Box data-testid="message-edited">{mark}</Box>;
  return (
    <>
      <ButtonBase
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label={t('thread.editHistory')}
        aria-haspopup="dialog"
        data-testid="message-edited"
        sx={{
          font: 'inherit',
          borderRadius: 1,
          px: 0.25,
          '&:hover, &:focus-visible': { textDecoration: 'underline' },
        }}
      >
        {mark}
      </ButtonBase>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 320, maxWidth: 'calc(100vw - 32px)' } } }}
      >
        <Box sx={{ p: 1.5 }} data-testid="edit-history">
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            {t('thread.editHistory')}
          </Typography>
          <Stack spacing={1} sx={{ maxHeight: 320, overflowY: 'auto' }}>
            {versions.map((version, index) => (
              <Box
                // Versions never reorder: the index is their identity.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above.
                key={index}
                data-testid="edit-history-version"
                data-current={version.isCurrent}
                sx={{
                  pl: 1,
                  borderLeft: 3,
                  borderColor: version.isCurrent ? 'primary.main' : 'divider',
                }}
              >
                <Typography
                  variant="body2"
                  component="div"
                  sx={{
                    whiteSpace: 'pre-wrap',
                    overflowWrap: 'anywhere',
                    color: version.isCurrent ? 'text.primary' : 'text.secondary',
                  }}
                >
                  <FormattedText text={version.body} />
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {version.isCurrent
                    ? t('thread.currentVersion', { time: formatTime(version.writtenAt) })
                    : formatTime(version.writtenAt)}
                </Typography>
              </Box>
            ))}
          </Stack>
        </Box>
      </Popover>
    </>
  );
}
