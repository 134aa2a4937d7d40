import { zodResolver } from '@hookform/resolvers/zod';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import {
  type ContactFields,
  type ContactFieldsInput,
  contactFieldsSchema,
} from '@wacrm/shared/contacts/contact.schema';
import type { ContactRecord } from '@wacrm/shared/messages/message.schema';
import { useEffect, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CenteredSpinner } from '../../../components/ui/centered-spinner.tsx';
import { SwitchField } from '../../../components/ui/switch-field.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { notifyError } from '../../../lib/error-message.ts';
import { showServerFieldErrors } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { translateValidation } from '../../../lib/validation-message.ts';
import { useSessionUser } from '../../auth/index.ts';
import { ContactSchedules, useSchedulesAllowed } from '../../schedules/index.ts';
import { contactsApi, contactsKeys } from '../api/contacts-api.ts';

export interface ContactModalProps {
  open: boolean;
  /** The contact to edit; left out to add a new one. */
  contactId?: number | null;
  onClose: () => void;
  onSaved?: (contact: ContactRecord) => void;
}

const emptyValues: ContactFieldsInput = { name: '', number: '', email: '', extraInfo: [], disableBot: false };

const valuesOf = (contact: ContactRecord | undefined): ContactFieldsInput =>
  contact
    ? {
        name: contact.name,
        number: contact.number,
        email: contact.email,
        extraInfo: contact.extraInfo,
        disableBot: contact.disableBot,
      }
    : emptyValues;

/** spec: the contact modal — name, number, email and extra fields as name/value pairs. Reused by the ticket drawer. */
export function ContactModal({ open, contactId, onClose, onSaved }: ContactModalProps) {
  const { t } = useTranslation(['contacts', 'common']);
  const session = useSessionUser();
  const isFullScreen = useMediaQuery('(max-width:600px)');
  const isEditing = typeof contactId === 'number';
  const canSchedule = useSchedulesAllowed(session.companyId);
  const existing = useQuery({
    queryKey: contactsKeys.one(session.companyId, contactId ?? 0),
    queryFn: () => contactsApi.find(contactId as number),
    enabled: open && isEditing,
    staleTime: 0,
  });

  const { register, handleSubmit, control, reset, setError, formState } = useForm<
    ContactFieldsInput,
    unknown,
    ContactFields
  >({ resolver: zodResolver(contactFieldsSchema), defaultValues: emptyValues });
  const extraFields = useFieldArray({ control, name: 'extraInfo' });
  const { errors, isSubmitting } = formState;

  // The fields mount only once the form holds the loaded contact: values written into mounted
  // inputs by a later reset leave MUI's labels over them.
  const [formData, setFormData] = useState<typeof existing.data>(undefined);
  useEffect(() => {
    if (!open) {
      setFormData(undefined);
      return;
    }
    reset(isEditing ? valuesOf(existing.data) : emptyValues);
    setFormData(existing.data);
  }, [open, isEditing, existing.data, reset]);

  const fieldError = (message: string | undefined) =>
    message === 'Invalid number' ? t('contactModal.invalidNumber') : translateValidation(message);

  const handleSave = async (values: ContactFields) => {
    try {
      const saved = isEditing
        ? await contactsApi.update(contactId as number, values)
        : await contactsApi.create(values);
      toast.success(t('contactModal.success'));
      onSaved?.(saved);
      onClose();
    } catch (error) {
      if (isApiError(error) && error.code === 'ERR_DUPLICATED_CONTACT') {
        setError('number', { message: t('contactModal.duplicated') });
      } else showServerFieldErrors(error, setError, (field) => field in emptyValues);
      notifyError(error);
    }
  };

  const isLoading = isEditing && (existing.isLoading || formData !== existing.data);

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" fullScreen={isFullScreen}>
      <form noValidate onSubmit={handleSubmit(handleSave)} data-testid="contact-modal">
        <DialogTitle>{isEditing ? t('contactModal.editTitle') : t('contactModal.addTitle')}</DialogTitle>
        <DialogContent>
          {isLoading ? (
            <CenteredSpinner />
          ) : (
            <Stack spacing={2.5} sx={{ pt: 1 }}>
              <Typography variant="subtitle2" color="text.secondary">
                {t('contactModal.mainInfo')}
              </Typography>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  {...register('name')}
                  label={t('contactModal.name')}
                  autoFocus
                  fullWidth
                  error={!!errors.name}
                  helperText={fieldError(errors.name?.message)}
                  slotProps={{ htmlInput: { 'data-testid': 'contact-name', maxLength: 50 } }}
                />
                <TextField
                  {...register('number')}
                  label={t('contactModal.number')}
                  placeholder="5511987654321"
                  fullWidth
                  error={!!errors.number}
                  helperText={fieldError(errors.number?.message) ?? t('contactModal.numberHelp')}
                  slotProps={{ htmlInput: { 'data-testid': 'contact-number', inputMode: 'tel', maxLength: 50 } }}
                />
              </Stack>
              <TextField
                {...register('email')}
                label={t('contactModal.email')}
                type="email"
                fullWidth
                error={!!errors.email}
                helperText={fieldError(errors.email?.message)}
                slotProps={{ htmlInput: { 'data-testid': 'contact-email' } }}
              />
              <SwitchField
                control={control}
                name="disableBot"
                testId="contact-disable-bot"
                label={
                  <span>
                    {t('contactModal.disableBot')}
                    <Typography variant="caption" color="text.secondary" component="span" sx={{ display: 'block' }}>
                      {t('contactModal.disableBotHelp')}
                    </Typography>
                  </span>
                }
              />
              <Typography variant="subtitle2" color="text.secondary">
                {t('contactModal.extraInfo')}
              </Typography>
              {extraFields.fields.map((field, index) => (
                <Stack key={field.id} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                  <TextField
                    {...register(`extraInfo.${index}.name`)}
                    label={t('contactModal.extraName')}
                    size="small"
                    fullWidth
                    error={!!errors.extraInfo?.[index]?.name}
                    helperText={fieldError(errors.extraInfo?.[index]?.name?.message)}
                    slotProps={{ htmlInput: { 'data-testid': 'contact-extra-name' } }}
                  />
                  <TextField
                    {...register(`extraInfo.${index}.value`)}
                    label={t('contactModal.extraValue')}
                    size="small"
                    fullWidth
                    slotProps={{ htmlInput: { 'data-testid': 'contact-extra-value' } }}
                  />
                  <IconButton
                    onClick={() => extraFields.remove(index)}
                    aria-label={t('contactModal.removeExtra')}
                    data-testid="contact-extra-remove"
                  >
                    <DeleteOutline fontSize="small" />
                  </IconButton>
                </Stack>
              ))}
              <Button
                startIcon={<AddOutlined />}
                onClick={() => extraFields.append({ name: '', value: '' })}
                sx={{ alignSelf: 'flex-start' }}
                data-testid="contact-extra-add"
              >
                {t('contactModal.addExtra')}
              </Button>
            </Stack>
          )}
          {isEditing && canSchedule && existing.data && (
            <Box sx={{ mt: 3 }}>
              <ContactSchedules
                companyId={session.companyId}
                contact={{ id: existing.data.id, name: existing.data.name, number: existing.data.number }}
              />
            </Box>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} color="inherit">
            {t('common:actions.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            loading={isSubmitting}
            disabled={isLoading}
            data-testid="contact-save"
          >
            {isEditing ? t('common:actions.save') : t('contactModal.add')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
