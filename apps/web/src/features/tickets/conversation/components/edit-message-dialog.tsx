import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type EditMessage, editMessageSchema } from '@wacrm/shared/messages/message.schema';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialogActions } from '../../../../components/ui/form-dialog-actions.tsx';
import { errorMessage } from '../../../../lib/error-message.ts';
import { translateValidation } from '../../../../lib/validation-message.ts';

export interface EditMessageDialogProps {
  /** The text being edited; null keeps the dialog closed. */
  body: string | null;
  /** A line under the field (e.g. the edit window). */
  hint?: string;
  /** Saves the new text; a rejection shows its message in the dialog, which stays open. */
  onSubmit: (body: string) => Promise<void>;
  onClose: () => void;
}

/** Edits the text of a sent message (the attendant's in a ticket, the customer's in the sandbox). */
export function EditMessageDialog({ body, hint, onSubmit, onClose }: EditMessageDialogProps) {
  const { t } = useTranslation(['conversation', 'common']);
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, reset, formState } = useForm<EditMessage>({
    resolver: zodResolver(editMessageSchema),
    defaultValues: { body: '' },
  });
  const { errors, isSubmitting, isDirty } = formState;

  useEffect(() => {
    if (body === null) return;
    setFormError(null);
    reset({ body });
  }, [body, reset]);

  const handleSave = async (fields: EditMessage) => {
    // Nothing changed: nothing to send to the customer.
    if (!isDirty || fields.body === body) return onClose();
    setFormError(null);
    try {
      await onSubmit(fields.body);
      onClose();
    } catch (error) {
      setFormError(errorMessage(error) ?? t('common:genericError'));
    }
  };

  return (
    <Dialog
      open={body !== null}
      onClose={isSubmitting ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="edit-message-title"
    >
      <form noValidate onSubmit={handleSubmit(handleSave)} data-testid="edit-message-form">
        <DialogTitle id="edit-message-title">{t('edit.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {formError && (
              <Alert severity="error" data-testid="edit-message-error">
                {formError}
              </Alert>
            )}
            <TextField
              {...register('body')}
              label={t('edit.body')}
              fullWidth
              multiline
              autoFocus
              minRows={2}
              maxRows={10}
              error={Boolean(errors.body)}
              helperText={translateValidation(errors.body?.message) ?? hint}
              onFocus={(event) => {
                // The caret at the end, as WhatsApp's edit box puts it.
                const { length } = event.target.value;
                event.target.setSelectionRange(length, length);
              }}
              onKeyDown={(event) => {
                // Enter saves, Shift+Enter is a new line: the composer's keys.
                if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                  event.preventDefault();
                  void handleSubmit(handleSave)();
                }
              }}
              slotProps={{ htmlInput: { 'data-testid': 'edit-message-input', maxLength: 65_536 } }}
            />
          </Stack>
        </DialogContent>
        <FormDialogActions
          onCancel={onClose}
          isSubmitting={isSubmitting}
          submitTestId="edit-message-save"
          cancelTestId="edit-message-cancel"
        />
      </form>
    </Dialog>
  );
}
