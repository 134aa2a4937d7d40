import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  QUICK_MESSAGE_MEDIA_MAX_BYTES,
  type QuickMessageFields,
  type QuickMessageRecord,
  quickMessageFieldsSchema,
  toQuickMessageMediaName,
} from '@wacrm/shared/quick-messages/quick-message.schema';
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message.ts';
import { toast } from '../../../lib/toast.ts';
import { quickMessagesApi } from '../api/quick-messages-api.ts';
import { insertAtSelection } from '../model/insert-at-selection.ts';
import { QuickMessageAttachment } from './quick-message-attachment.tsx';
import { TemplateVariableChips } from './template-variable-chips.tsx';

interface QuickMessageDialogProps {
  open: boolean;
  /** The quick message to edit; null adds one. */
  record: QuickMessageRecord | null;
  /** Admins may make one the whole company's. */
  canShare: boolean;
  onClose: () => void;
  onSaved: () => void;
}

type FormValues = Required<QuickMessageFields>;
const emptyForm = (): FormValues => ({ shortcode: '', message: '', geral: false, status: true });
const validationKeys: Record<string, string> = { Required: 'validation.required', 'Too Long!': 'validation.tooLong' };

export function QuickMessageDialog({ open, record, canShare, onClose, onSaved }: QuickMessageDialogProps) {
  const { t } = useTranslation(['quickMessages', 'common']);
  const isPhone = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const [formError, setFormError] = useState<string | null>(null);
  const [pendingFile, setPendingFile] = useState<File | null>(null);
  const [isMediaRemoved, setMediaRemoved] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const messageInput = useRef<HTMLTextAreaElement | null>(null);
  const { register, control, handleSubmit, reset, formState } = useForm<FormValues>({
    resolver: zodResolver(quickMessageFieldsSchema) as never,
    defaultValues: emptyForm(),
  });
  const { errors, isSubmitting } = formState;
  const translate = (message: string | undefined) =>
    message && validationKeys[message] ? t(validationKeys[message]) : message;

  useEffect(() => {
    if (!open) return;
    setFormError(null);
    setPendingFile(null);
    setMediaRemoved(false);
    setFileError(null);
    reset(
      record
        ? { shortcode: record.shortcode, message: record.message, geral: record.geral, status: record.status }
        : emptyForm(),
    );
  }, [open, record, reset]);

  const shownName = pendingFile
    ? toQuickMessageMediaName(pendingFile.name)
    : isMediaRemoved
      ? null
      : (record?.mediaName ?? null);

  const handlePick = (file: File) => {
    if (file.size > QUICK_MESSAGE_MEDIA_MAX_BYTES) {
      setFileError(t('media.tooLarge', { size: Math.round(QUICK_MESSAGE_MEDIA_MAX_BYTES / 1024 / 1024) }));
      return;
    }
    setFileError(null);
    setPendingFile(file);
  };

  const handleSave = async (fields: FormValues) => {
    setFormError(null);
    try {
      const saved = record ? await quickMessagesApi.update(record.id, fields) : await quickMessagesApi.create(fields);
      if (pendingFile) await quickMessagesApi.uploadMedia(saved.id, pendingFile);
      else if (isMediaRemoved && record?.mediaPath) await quickMessagesApi.removeMedia(saved.id);
      toast.success(t(record ? 'toasts.saved' : 'toasts.created'));
      onSaved();
      onClose();
    } catch (error) {
      setFormError(errorMessage(error) ?? t('common:genericError'));
    }
  };

  return (
    <Dialog
      open={open}
      onClose={isSubmitting ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={isPhone}
      aria-labelledby="quick-message-dialog-title"
    >
      <form noValidate onSubmit={handleSubmit(handleSave)} data-testid="quick-message-form">
        <DialogTitle id="quick-message-dialog-title">{record ? t('form.editTitle') : t('form.addTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {formError && (
              <Alert severity="error" data-testid="quick-message-form-error">
                {formError}
              </Alert>
            )}
            <TextField
              {...register('shortcode')}
              label={t('fields.shortcode')}
              required
              fullWidth
              autoFocus
              error={!!errors.shortcode}
              helperText={translate(errors.shortcode?.message) ?? t('fields.shortcodeHint')}
              slotProps={{ htmlInput: { 'data-testid': 'quick-message-shortcode', maxLength: 100 } }}
            />
            <Controller
              control={control}
              name="message"
              render={({ field }) => (
                <Stack spacing={1}>
                  <TextField
                    {...field}
                    inputRef={(element: HTMLTextAreaElement | null) => {
                      field.ref(element);
                      messageInput.current = element;
                    }}
                    label={t('fields.message')}
                    fullWidth
                    multiline
                    minRows={4}
                    maxRows={12}
                    error={!!errors.message}
                    helperText={translate(errors.message?.message)}
                    slotProps={{ htmlInput: { 'data-testid': 'quick-message-message', maxLength: 4096 } }}
                  />
                  <TemplateVariableChips
                    onInsert={(placeholder) => {
                      const element = messageInput.current;
                      const next = insertAtSelection(
                        element?.value ?? field.value,
                        element?.selectionStart,
                        element?.selectionEnd,
                        placeholder,
                      );
                      // The text is committed and the cursor placed within this click: a cursor put
                      // back a frame later would land behind what the user typed meanwhile.
                      flushSync(() => field.onChange(next.text));
                      element?.focus();
                      element?.setSelectionRange(next.cursor, next.cursor);
                    }}
                  />
                </Stack>
              )}
            />
            <QuickMessageAttachment
              name={shownName}
              error={fileError}
              onPick={handlePick}
              onRemove={() => {
                setPendingFile(null);
                setMediaRemoved(true);
              }}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 3 }}>
              {canShare && (
                <Controller
                  control={control}
                  name="geral"
                  render={({ field }) => (
                    <FormControlLabel
                      control={
                        <Switch
                          checked={field.value}
                          onChange={(event) => field.onChange(event.target.checked)}
                          slotProps={{ input: { 'data-testid': 'quick-message-geral' } as object }}
                        />
                      }
                      label={t('fields.geral')}
                    />
                  )}
                />
              )}
              <Controller
                control={control}
                name="status"
                render={({ field }) => (
                  <FormControlLabel
                    control={
                      <Switch
                        checked={field.value}
                        onChange={(event) => field.onChange(event.target.checked)}
                        slotProps={{ input: { 'data-testid': 'quick-message-status' } as object }}
                      />
                    }
                    label={t('fields.status')}
                  />
                )}
              />
            </Stack>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} color="inherit" disabled={isSubmitting} data-testid="quick-message-cancel">
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={isSubmitting} data-testid="quick-message-save">
            {t('common:actions.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
