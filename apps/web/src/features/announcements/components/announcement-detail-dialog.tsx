import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Announcement } from '@wacrm/shared/announcements/announcement.schema';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';
import { PriorityChip } from './priority-chip.tsx';

interface AnnouncementDetailDialogProps {
  announcement: Announcement | null;
  onClose: () => void;
}

/** spec: the announcement detail modal — title, text (as text, never HTML) and image. */
export function AnnouncementDetailDialog({ announcement, onClose }: AnnouncementDetailDialogProps) {
  const { t } = useTranslation(['announcements', 'common']);
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={announcement !== null}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={isPhone}
      aria-labelledby="announcement-detail-title"
    >
      {announcement && (
        <>
          <DialogTitle id="announcement-detail-title" sx={{ pr: 3 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
              <Box component="span" sx={{ wordBreak: 'break-word' }} data-testid="announcement-detail-title">
                {announcement.title}
              </Box>
              <PriorityChip priority={announcement.priority} />
            </Stack>
            <Typography variant="caption" color="text.secondary">
              {formatDate(announcement.createdAt)}
            </Typography>
          </DialogTitle>
          <DialogContent dividers>
            {announcement.mediaUrl && (
              <Box
                component="img"
                src={announcement.mediaUrl}
                alt={announcement.mediaName ?? ''}
                sx={{ display: 'block', maxWidth: '100%', maxHeight: 360, mx: 'auto', mb: 2, borderRadius: 1 }}
              />
            )}
            <Typography sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid="announcement-detail-text">
              {announcement.text}
            </Typography>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} autoFocus>
              {t('common:actions.close')}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
