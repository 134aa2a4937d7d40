import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  children?: ReactNode;
  /** The confirming button's text; the caller names the action ("Delete"). */
  confirmLabel: string;
  /** Destructive actions are shown in the error colour. */
  isDestructive?: boolean;
  isBusy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before an action that cannot be undone. Cancel has the focus, so Enter does not confirm by accident. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  isDestructive = true,
  isBusy = false,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  return (
    <Dialog open={open} onClose={isBusy ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby="confirm-title">
      <DialogTitle id="confirm-title">{title}</DialogTitle>
      {children && (
        <DialogContent>
          <DialogContentText component="div">{children}</DialogContentText>
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={onClose} color="inherit" disabled={isBusy} autoFocus data-testid="confirm-cancel">
          {t('actions.cancel')}
        </Button>
        <Button
          onClick={onConfirm}
          disabled={isBusy}
          variant="contained"
          color={isDestructive ? 'error' : 'primary'}
          data-testid="confirm-accept"
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
