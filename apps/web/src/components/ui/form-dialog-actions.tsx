import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface FormDialogActionsProps {
  onCancel: () => void;
  isSubmitting: boolean;
  submitTestId?: string;
  cancelTestId?: string;
  /** "Save" unless the form says otherwise (e.g. "Add"). */
  submitLabel?: ReactNode;
}

/** Cancel and submit of a form dialog: while the form is saving, cancel waits and submit spins. */
export function FormDialogActions({
  onCancel,
  isSubmitting,
  submitTestId,
  cancelTestId,
  submitLabel,
}: FormDialogActionsProps) {
  const { t } = useTranslation('common');
  return (
    <DialogActions>
      <Button onClick={onCancel} color="inherit" disabled={isSubmitting} data-testid={cancelTestId}>
        {t('actions.cancel')}
      </Button>
      <Button type="submit" variant="contained" loading={isSubmitting} data-testid={submitTestId}>
        {submitLabel ?? t('actions.save')}
      </Button>
    </DialogActions>
  );
}
