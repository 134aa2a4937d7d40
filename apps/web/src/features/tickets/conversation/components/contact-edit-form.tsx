import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ContactRecord } from '@wacrm/shared/messages/message.schema';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../../../lib/api.ts';
import { isApiError } from '../../../../lib/api-error.ts';
import { toast } from '../../../../lib/toast.ts';

type Field = 'name' | 'number' | 'email';
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** spec §5 "Contact": name 2–50, number 8–50, email valid when given (the server checks again). */
function validate(values: Record<Field, string>): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  const name = values.name.trim();
  const number = values.number.trim();
  if (!name) errors.name = 'required';
  else if (name.length < 2) errors.name = 'tooShort';
  else if (name.length > 50) errors.name = 'tooLong';
  if (!number) errors.number = 'required';
  else if (number.length < 8) errors.number = 'tooShort';
  else if (number.length > 50) errors.number = 'tooLong';
  if (values.email.trim() && !emailPattern.test(values.email.trim())) errors.email = 'invalidEmail';
  return errors;
}

interface ContactEditFormProps {
  contact: ContactRecord;
  onSaved: (contact: ContactRecord) => void;
  onCancel: () => void;
}

/** The drawer's quick edit of name, number and e-mail (`PUT /api/contacts/:id`; extra info kept). */
export function ContactEditForm({ contact, onSaved, onCancel }: ContactEditFormProps) {
  const { t } = useTranslation('conversation');
  const [values, setValues] = useState<Record<Field, string>>({
    name: contact.name,
    number: contact.number,
    email: contact.email ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [isSaving, setIsSaving] = useState(false);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setIsSaving(true);
    try {
      const saved = await http.put<ContactRecord>(`/api/contacts/${contact.id}`, {
        name: values.name.trim(),
        number: values.number.trim(),
        email: values.email.trim(),
        extraInfo: contact.extraInfo ?? [],
      });
      toast.success(t('contact.saved'));
      onSaved(saved);
    } catch (error) {
      if (isApiError(error) && error.fields) setErrors(error.fields as Partial<Record<Field, string>>);
    } finally {
      setIsSaving(false);
    }
  };

  const field = (name: Field, type = 'text') => (
    <TextField
      size="small"
      type={type}
      label={t(`contact.${name}`)}
      value={values[name]}
      onChange={(event) => setValues({ ...values, [name]: event.target.value })}
      error={Boolean(errors[name])}
      helperText={errors[name] ? t(`contact.errors.${errors[name]}`, { defaultValue: errors[name] }) : ' '}
      slotProps={{ htmlInput: { 'data-testid': `contact-edit-${name}` } }}
    />
  );

  return (
    <Stack
      component="form"
      onSubmit={handleSubmit}
      noValidate
      spacing={0.5}
      sx={{ width: '100%' }}
      data-testid="contact-edit-form"
    >
      {field('name')}
      {field('number', 'tel')}
      {field('email', 'email')}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onCancel} disabled={isSaving}>
          {t('contact.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={isSaving} data-testid="contact-edit-save">
          {t('contact.save')}
        </Button>
      </Stack>
    </Stack>
  );
}
