import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQueryClient } from '@tanstack/react-query';
import {
  type Announcement,
  type AnnouncementFields,
  type AnnouncementFieldsInput,
  announcementFieldsSchema,
  announcementPriorities,
} from '@wacrm/shared/announcements/announcement.schema';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialogActions } from '../../../components/ui/form-dialog-actions.tsx';
import { SwitchField } from '../../../components/ui/switch-field.tsx';
import { notifyError } from '../../../lib/error-message.ts';
import { showServerFieldErrors } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { translateValidation } from '../../../lib/validation-message.ts';
import { announcementsApi, announcementsKeys } from '../api/announcements-api.ts';
import { AnnouncementMediaField } from './announcement-media-field.tsx';
import { priorityColor, priorityLabelKey } from './priority.ts';

interface AnnouncementFormDialogProps {
  open: boolean;
  /** Null to add a new one. */
  announcement: Announcement | null;
  onClose: () => void;
}

// spec: a new announcement is active with priority 3.
const emptyValues: AnnouncementFieldsInput = { title: '', text: '', priority: 3, status: true };

export function AnnouncementFormDialog({ open, announcement, onClose }: AnnouncementFormDialogProps) {
  const { t } = useTranslation(['announcements', 'common']);
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [isExistingRemoved, setIsExistingRemoved] = useState(false);
  const { register, control, handleSubmit, reset, setError, formState } = useForm<
    AnnouncementFieldsInput,
    unknown,
    AnnouncementFields
  >({ resolver: zodResolver(announcementFieldsSchema), defaultValues: emptyValues });
  const { errors, isSubmitting } = formState;

  useEffect(() => {
    if (!open) return;
    reset(announcement ? { ...announcement } : emptyValues);
    setFile(null);
    setIsExistingRemoved(false);
  }, [open, announcement, reset]);

  const handleSave = async (fields: AnnouncementFields) => {
    try {
      const saved = announcement
        ? await announcementsApi.update(announcement.id, fields)
        : await announcementsApi.create(fields);
      if (file) await announcementsApi.uploadMedia(saved.id, file);
      else if (isExistingRemoved && saved.mediaPath) await announcementsApi.removeMedia(saved.id);
      toast.success(t('toasts.saved'));
      // The live event updates open lists too; this covers a socket that is reconnecting.
      void queryClient.invalidateQueries({ queryKey: announcementsKeys.all });
      onClose();
    } catch (error) {
      showServerFieldErrors(error, setError);
      notifyError(error);
    }
  };

  const existing =
    announcement?.mediaUrl && !isExistingRemoved
      ? { url: announcement.mediaUrl, name: announcement.mediaName ?? '' }
      : null;

  return (
    <Dialog open={open} onClose={isSubmitting ? undefined : onClose} fullWidth maxWidth="sm" fullScreen={isPhone}>
      <form noValidate onSubmit={handleSubmit(handleSave)} data-testid="announcement-form">
        <DialogTitle>{announcement ? t('form.editTitle') : t('form.addTitle')}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2.5}>
            <TextField
              {...register('title')}
              label={t('fields.title')}
              autoFocus
              required
              fullWidth
              error={!!errors.title}
              helperText={translateValidation(errors.title?.message)}
              slotProps={{ htmlInput: { 'data-testid': 'announcement-title', maxLength: 200 } }}
            />
            <TextField
              {...register('text')}
              label={t('fields.text')}
              required
              fullWidth
              multiline
              minRows={4}
              maxRows={12}
              error={!!errors.text}
              helperText={translateValidation(errors.text?.message)}
              slotProps={{ htmlInput: { 'data-testid': 'announcement-text', maxLength: 5000 } }}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
              <Controller
                control={control}
                name="priority"
                render={({ field }) => (
                  <TextField
                    select
                    label={t('fields.priority')}
                    value={field.value ?? 3}
                    onChange={(event) => field.onChange(Number(event.target.value))}
                    sx={{ minWidth: 200 }}
                    slotProps={{ select: { 'data-testid': 'announcement-priority' } as object }}
                  >
                    {announcementPriorities.map((priority) => (
                      <MenuItem key={priority} value={priority} data-testid={`priority-option-${priority}`}>
                        <Box
                          component="span"
                          sx={{
                            width: 10,
                            height: 10,
                            borderRadius: '50%',
                            mr: 1.25,
                            display: 'inline-block',
                            bgcolor: `${priorityColor[priority]}.main`,
                          }}
                        />
                        {t(priorityLabelKey[priority])}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <SwitchField
                control={control}
                name="status"
                label={(isActive) => (isActive ? t('status.active') : t('status.inactive'))}
                testId="announcement-status"
                isCheckedByDefault
              />
            </Stack>
            <AnnouncementMediaField
              existing={existing}
              file={file}
              onFileChange={setFile}
              onRemoveExisting={() => setIsExistingRemoved(true)}
            />
          </Stack>
        </DialogContent>
        <FormDialogActions onCancel={onClose} isSubmitting={isSubmitting} submitTestId="announcement-save" />
      </form>
    </Dialog>
  );
}
