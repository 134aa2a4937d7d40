import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConnectionSelect } from '../../../components/ui/connection-select.tsx';
import { useConnections } from '../../../lib/lookups/use-lookups.ts';
import { toast } from '../../../lib/toast.ts';
import { useSessionUser } from '../../auth/index.ts';
import { contactsApi } from '../api/contacts-api.ts';

interface PhoneImportDialogProps {
  open: boolean;
  onClose: () => void;
  onImported: () => void;
}

/**
 * `POST /contacts/import`: copies a connected phone's contacts into the company's and says how
 * many were added and updated. Only a connected session can read them, so only those are offered;
 * with several, the user picks one.
 */
export function PhoneImportDialog({ open, onClose, onImported }: PhoneImportDialogProps) {
  const { t } = useTranslation(['contacts', 'common']);
  const session = useSessionUser();
  const connections = useConnections(session.companyId, open);
  const connected = (connections.data ?? []).filter((connection) => connection.status === 'CONNECTED');
  const [whatsappId, setWhatsappId] = useState<number | ''>('');
  const [isBusy, setBusy] = useState(false);

  // The user's own connection, else the default one, else the first connected.
  useEffect(() => {
    if (!open || whatsappId !== '' || connected.length === 0) return;
    const preferred =
      connected.find((item) => item.id === session.whatsappId) ??
      connected.find((item) => item.isDefault) ??
      connected[0];
    setWhatsappId(preferred.id);
  }, [open, connected, session.whatsappId, whatsappId]);

  const handleClose = () => {
    if (isBusy) return;
    setWhatsappId('');
    onClose();
  };

  const handleImport = async () => {
    if (whatsappId === '') return;
    setBusy(true);
    try {
      const answer = await contactsApi.importFromPhone(whatsappId);
      toast.success(t(answer.skipped > 0 ? 'phoneImport.resultWithSkipped' : 'phoneImport.result', { ...answer }));
      onImported();
      setWhatsappId('');
      onClose();
    } catch {
      // The http client already toasted the coded error (not connected, provider cannot read it…).
    } finally {
      setBusy(false);
    }
  };

  const isEmpty = connections.isSuccess && connected.length === 0;
  return (
    <Dialog open={open} onClose={handleClose} fullWidth maxWidth="xs" data-testid="contacts-phone-import-dialog">
      <DialogTitle>{t('phoneImport.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 0.5 }}>
          <Typography variant="body2" color="text.secondary">
            {t('phoneImport.help')}
          </Typography>
          {isEmpty && <Alert severity="info">{t('phoneImport.noConnection')}</Alert>}
          {connected.length > 1 && (
            <ConnectionSelect
              connections={connected}
              value={whatsappId}
              onChange={setWhatsappId}
              testId="contacts-phone-import-connection"
            />
          )}
          {connected.length === 1 && (
            <Typography variant="body2" data-testid="contacts-phone-import-only">
              {t('phoneImport.from', { name: connected[0].name })}
            </Typography>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={handleClose} color="inherit" disabled={isBusy}>
          {t('common:actions.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={handleImport}
          loading={isBusy}
          disabled={whatsappId === ''}
          data-testid="contacts-phone-import-submit"
        >
          {t('phoneImport.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
