import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyContactNotes } from './lazy-contact-notes.ts';

interface ContactNotesModalProps {
  open: boolean;
  ticketId: number;
  contactId: number;
  contactName: string;
  onClose: () => void;
}

/** spec "Modals: contact notes": the ticket's notes on its contact, opened from the ticket header. */
export function ContactNotesModal({ open, ticketId, contactId, contactName, onClose }: ContactNotesModalProps) {
  const { t } = useTranslation('ticket-notes');
  const isPhone = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={isPhone}
      slotProps={{ paper: { 'data-testid': 'contact-notes-modal' } as object }}
    >
      <DialogTitle>{t('modalTitle', { name: contactName })}</DialogTitle>
      <DialogContent dividers>
        {open && (
          <Suspense fallback={null}>
            <LazyContactNotes ticketId={ticketId} contactId={contactId} showTitle={false} />
          </Suspense>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit" data-testid="contact-notes-close">
          {t('close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
