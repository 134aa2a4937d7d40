import { zodResolver } from '@hookform/resolvers/zod';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import {
  type Help,
  type HelpFields,
  type HelpFieldsInput,
  helpFieldsSchema,
  helpValidationMessages,
} from '@wacrm/shared/helps/help.schema';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialogActions } from '../../../components/ui/form-dialog-actions.tsx';
import { notifyError } from '../../../lib/error-message.ts';
import { showServerFieldErrors } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { translateValidation } from '../../../lib/validation-message.ts';
import { helpsApi, helpsKeys } from '../api/helps-api.ts';

interface HelpFormDialogProps {
  open: boolean;
  help: Help | null;
  onClose: () => void;
}

const emptyValues: HelpFieldsInput = { title: '', description: '', video: '', link: '' };

export function HelpFormDialog({ open, help, onClose }: HelpFormDialogProps) {
  const { t } = useTranslation(['helps', 'common']);
  const queryClient = useQueryClient();
  const { register, handleSubmit, reset, setError, formState } = useForm<HelpFieldsInput, unknown, HelpFields>({
    resolver: zodResolver(helpFieldsSchema),
    defaultValues: emptyValues,
  });
  const { errors, isSubmitting } = formState;

  useEffect(() => {
    if (open) reset(help ? { ...help, link: help.link ?? '' } : emptyValues);
  }, [open, help, reset]);

  // The shared schema's own messages, in the user's language.
  const message = (text: string | undefined) => {
    if (text === helpValidationMessages.invalidVideo) return t('form.invalidVideo');
    if (text === helpValidationMessages.invalidLink) return t('form.invalidLink');
    return translateValidation(text);
  };

  const handleSave = async (fields: HelpFields) => {
    try {
      if (help) await helpsApi.update(help.id, fields);
      else await helpsApi.create(fields);
      toast.success(t('toasts.saved'));
      void queryClient.invalidateQueries({ queryKey: helpsKeys.list() });
      onClose();
    } catch (error) {
      showServerFieldErrors(error, setError);
      notifyError(error);
    }
  };

  return (
    <Dialog open={open} onClose={isSubmitting ? undefined : onClose} fullWidth maxWidth="sm">
      <form noValidate onSubmit={handleSubmit(handleSave)} data-testid="help-form">
        <DialogTitle>{help ? t('form.editTitle') : t('form.addTitle')}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2.5}>
            <TextField
              {...register('title')}
              label={t('fields.title')}
              required
              autoFocus
              fullWidth
              error={!!errors.title}
              helperText={message(errors.title?.message)}
              slotProps={{ htmlInput: { 'data-testid': 'help-title', maxLength: 200 } }}
            />
            <TextField
              {...register('video')}
              label={t('fields.video')}
              required
              fullWidth
              error={!!errors.video}
              helperText={message(errors.video?.message) ?? t('form.videoHint')}
              slotProps={{ htmlInput: { 'data-testid': 'help-video' } }}
            />
            <TextField
              {...register('description')}
              label={t('fields.description')}
              fullWidth
              multiline
              minRows={3}
              error={!!errors.description}
              helperText={message(errors.description?.message)}
              slotProps={{ htmlInput: { 'data-testid': 'help-description', maxLength: 2000 } }}
            />
            <TextField
              {...register('link')}
              label={t('fields.link')}
              fullWidth
              type="url"
              error={!!errors.link}
              helperText={message(errors.link?.message) ?? t('form.linkHint')}
              slotProps={{ htmlInput: { 'data-testid': 'help-link' } }}
            />
          </Stack>
        </DialogContent>
        <FormDialogActions onCancel={onClose} isSubmitting={isSubmitting} submitTestId="help-save" />
      </form>
    </Dialog>
  );
}
