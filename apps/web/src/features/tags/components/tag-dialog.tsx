import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  DEFAULT_TAG_COLOR,
  nextTagColor,
  type TagFields,
  type TagRecord,
  tagColorPalette,
  tagFieldsSchema,
} from '@wacrm/shared/tags/tag.schema';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ColorPickerField } from '../../../components/ui/color-picker-field.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { toast } from '../../../lib/toast.ts';
import { tagsApi } from '../api/tags-api.ts';
import { tagValidationKey } from '../model/tag-list.ts';

interface TagDialogProps {
  open: boolean;
  /** The tag to edit; null adds one. */
  tag: TagRecord | null;
  /** spec §6: the kanban switch is shown to admins only (we have no supervisor profile). */
  canSetKanban: boolean;
  onClose: () => void;
  onSaved: (tag: TagRecord) => void;
}

const emptyForm = (): TagFields => ({ name: '', color: DEFAULT_TAG_COLOR, kanban: 0 });

export function TagDialog({ open, tag, canSetKanban, onClose, onSaved }: TagDialogProps) {
  const { t } = useTranslation(['tags', 'common']);
  const isPhone = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const [formError, setFormError] = useState<string | null>(null);
  const { register, control, handleSubmit, reset, setError, setValue, getFieldState, formState } = useForm<TagFields>({
    resolver: zodResolver(tagFieldsSchema),
    defaultValues: emptyForm(),
  });
  const { errors, isSubmitting } = formState;
  const translate = (message: string | undefined) => {
    const key = tagValidationKey(message);
    return key ? t(key) : message;
  };

  useEffect(() => {
    if (!open) return;
    setFormError(null);
    reset(tag ? { name: tag.name, color: tag.color, kanban: tag.kanban } : emptyForm());
    if (tag) return;
    // A new tag gets a colour no other tag has (unless the user already picked one).
    let isCurrent = true;
    tagsApi
      .options()
      .then((tags) => {
        if (isCurrent && !getFieldState('color').isDirty)
          setValue('color', nextTagColor(tags.map((item) => item.color)));
      })
      .catch(() => undefined);
    return () => {
      isCurrent = false;
    };
  }, [open, tag, reset, setValue, getFieldState]);

  const handleSave = async (fields: TagFields) => {
    setFormError(null);
    try {
      const saved = tag ? await tagsApi.update(tag.id, fields) : await tagsApi.create(fields);
      toast.success(t(tag ? 'toasts.saved' : 'toasts.created'));
      onSaved(saved);
      onClose();
    } catch (error) {
      const fields = isApiError(error) ? (error.fields ?? {}) : {};
      if (fields.name) setError('name', { message: fields.name });
      setFormError(errorMessage(error) ?? t('common:genericError'));
    }
  };

  return (
    <Dialog
      open={open}
      onClose={isSubmitting ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      fullScreen={isPhone}
      aria-labelledby="tag-dialog-title"
    >
      <form noValidate onSubmit={handleSubmit(handleSave)} data-testid="tag-form">
        <DialogTitle id="tag-dialog-title">{tag ? t('form.editTitle') : t('form.addTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {formError && (
              <Alert severity="error" data-testid="tag-form-error">
                {formError}
              </Alert>
            )}
            <TextField
              {...register('name')}
              label={t('fields.name')}
              required
              fullWidth
              autoFocus
              error={!!errors.name}
              helperText={translate(errors.name?.message)}
              slotProps={{ htmlInput: { 'data-testid': 'tag-name', maxLength: 100 } }}
            />
            <Controller
              control={control}
              name="color"
              render={({ field, fieldState }) => (
                <ColorPickerField
                  label={t('fields.color')}
                  required
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  palette={tagColorPalette}
                  paletteLabel={(color) => t('fields.colorSwatch', { color })}
                  errorText={translate(fieldState.error?.message)}
                  testId="tag-color"
                />
              )}
            />
            {canSetKanban && (
              <Controller
                control={control}
                name="kanban"
                render={({ field }) => (
                  <div>
                    <FormControlLabel
                      control={
                        <Switch
                          checked={field.value === 1}
                          onChange={(event) => field.onChange(event.target.checked ? 1 : 0)}
                          slotProps={{ input: { 'data-testid': 'tag-kanban' } as object }}
                        />
                      }
                      label={t('fields.kanban')}
                    />
                    <FormHelperText sx={{ mt: 0 }}>{t('fields.kanbanHint')}</FormHelperText>
                  </div>
                )}
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={onClose} color="inherit" disabled={isSubmitting} data-testid="tag-cancel">
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={isSubmitting} data-testid="tag-save">
            {t('common:actions.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
