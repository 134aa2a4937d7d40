import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ContactUploadAnswer } from '@wacrm/shared/contacts/contact.schema';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contactsApi } from '../api/contacts-api.ts';
import { readContactsSheet, TEMPLATE_URL, uploadInBatches } from '../model/contacts-sheet.ts';

type Phase =
  | { kind: 'idle' }
  | { kind: 'reading' }
  | { kind: 'uploading'; sent: number; total: number }
  | { kind: 'done'; created: number; errors: ContactUploadAnswer['errorBag']; lines: number[] }
  | { kind: 'failed'; message: string };

interface ImportContactsDialogProps {
  open: boolean;
  onClose: () => void;
  onImported: () => void;
}

/** spec: import from an .xlsx (template served from the web root), with progress and a list of the rows refused. */
export function ImportContactsDialog({ open, onClose, onImported }: ImportContactsDialogProps) {
  const { t } = useTranslation(['contacts', 'common']);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const inputRef = useRef<HTMLInputElement>(null);
  const isBusy = phase.kind === 'reading' || phase.kind === 'uploading';

  const handleClose = () => {
    if (isBusy) return;
    setPhase({ kind: 'idle' });
    onClose();
  };

  const handleFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setPhase({ kind: 'reading' });
    try {
      const { rows, lines } = await readContactsSheet(file);
      if (rows.length === 0) {
        setPhase({ kind: 'failed', message: t('import.emptyFile') });
        return;
      }
      setPhase({ kind: 'uploading', sent: 0, total: rows.length });
      const { created, errors } = await uploadInBatches(rows, contactsApi.upload, {
        onProgress: (sent, total) => setPhase({ kind: 'uploading', sent, total }),
      });
      setPhase({ kind: 'done', created, errors, lines });
      onImported();
    } catch {
      setPhase({ kind: 'failed', message: t('import.readError') });
    }
  };

  return (
    <Dialog open={open} onClose={handleClose} fullWidth maxWidth="sm" data-testid="contacts-import-dialog">
      <DialogTitle>{t('import.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {(phase.kind === 'idle' || phase.kind === 'failed') && (
            <>
              <Typography variant="body2" color="text.secondary">
                {t('import.help')}
              </Typography>
              <Button
                component="a"
                href={TEMPLATE_URL}
                download="contacts-template.xlsx"
                startIcon={<FileDownloadOutlined />}
                sx={{ alignSelf: 'flex-start' }}
                data-testid="contacts-template"
              >
                {t('import.template')}
              </Button>
              {phase.kind === 'failed' && <Alert severity="error">{phase.message}</Alert>}
            </>
          )}
          {phase.kind === 'reading' && <LinearProgress aria-label={t('import.reading')} />}
          {phase.kind === 'uploading' && (
            <Stack spacing={1}>
              <LinearProgress
                variant="determinate"
                value={(phase.sent / phase.total) * 100}
                aria-label={t('import.progress', { sent: phase.sent, total: phase.total })}
                data-testid="contacts-import-progress"
              />
              <Typography variant="caption" color="text.secondary">
                {t('import.progress', { sent: phase.sent, total: phase.total })}
              </Typography>
            </Stack>
          )}
          {phase.kind === 'done' && (
            <Stack spacing={1} data-testid="contacts-import-result">
              <Alert severity={phase.errors.length ? 'warning' : 'success'}>
                {t('import.result', { created: phase.created, failed: phase.errors.length })}
              </Alert>
              {phase.errors.length > 0 && (
                <List dense sx={{ maxHeight: 280, overflow: 'auto' }} aria-label={t('import.errorsTitle')}>
                  {phase.errors.map((error, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the list is shown once, never reordered; rows may repeat.
                    <ListItem key={`${error.number}-${index}`} disableGutters data-testid="contacts-import-error">
                      <ListItemText
                        primary={t(error.number ? 'import.errorLine' : 'import.errorLineNoNumber', {
                          line: phase.lines[error.row] ?? error.row + 2,
                          name: error.name || t('import.noName'),
                          number: error.number,
                          reason: t(`import.errors.${error.error}`),
                        })}
                      />
                    </ListItem>
                  ))}
                </List>
              )}
            </Stack>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={handleClose} color="inherit" disabled={isBusy}>
          {t('common:actions.close')}
        </Button>
        {phase.kind !== 'done' && (
          <Button
            variant="contained"
            startIcon={<UploadFileOutlined />}
            onClick={() => inputRef.current?.click()}
            loading={isBusy}
            data-testid="contacts-import-choose"
          >
            {t('import.choose')}
          </Button>
        )}
        <input
          ref={inputRef}
          type="file"
          hidden
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={handleFile}
          data-testid="contacts-import-file"
        />
      </DialogActions>
    </Dialog>
  );
}
