import CloseIcon from '@mui/icons-material/Close';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

export interface PendingFile {
  key: string;
  file: File;
  caption: string;
}

interface AttachmentsDialogProps {
  files: PendingFile[];
  isSending: boolean;
  onCaptionChange: (key: string, caption: string) => void;
  onRemove: (key: string) => void;
  onSend: () => void;
  onClose: () => void;
}

function Preview({ file }: { file: File }) {
  const url = useMemo(() => (file.type.startsWith('image/') ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  if (url)
    return (
      <Box
        component="img"
        src={url}
        alt={file.name}
        sx={{ width: 72, height: 72, objectFit: 'cover', borderRadius: 1 }}
      />
    );
  return (
    <Box
      sx={{ width: 72, height: 72, display: 'grid', placeItems: 'center', bgcolor: 'action.hover', borderRadius: 1 }}
    >
      <InsertDriveFileOutlined color="action" />
    </Box>
  );
}

/** The files chosen to send, each with its own caption, before anything is uploaded. */
export function AttachmentsDialog({
  files,
  isSending,
  onCaptionChange,
  onRemove,
  onSend,
  onClose,
}: AttachmentsDialogProps) {
  const { t } = useTranslation('conversation');
  const isPhone = useMediaQuery('(max-width:599.95px)');
  return (
    <Dialog
      open={files.length > 0}
      onClose={isSending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={isPhone}
    >
      <DialogTitle>{t('attachments.title', { count: files.length })}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2} data-testid="attachments-list">
          {files.map(({ key, file, caption }) => (
            <Stack
              key={key}
              direction="row"
              spacing={1.5}
              sx={{ alignItems: 'flex-start' }}
              data-testid="attachment-item"
            >
              <Preview file={file} />
              <Stack sx={{ flex: 1, minWidth: 0 }} spacing={0.5}>
                <Typography variant="body2" noWrap title={file.name}>
                  {file.name}
                </Typography>
                <TextField
                  size="small"
                  label={t('attachments.caption')}
                  placeholder={t('attachments.captionHint')}
                  value={caption}
                  onChange={(event) => onCaptionChange(key, event.target.value)}
                  slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'attachment-caption' } }}
                  multiline
                  maxRows={3}
                />
              </Stack>
              <IconButton aria-label={t('attachments.remove')} onClick={() => onRemove(key)} disabled={isSending}>
                <CloseIcon />
              </IconButton>
            </Stack>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit" disabled={isSending}>
          {t('attachments.cancel')}
        </Button>
        <Button variant="contained" onClick={onSend} disabled={isSending} data-testid="attachments-send">
          {t('attachments.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
