import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContactSearch } from '../../../lib/lookups/use-lookups.ts';
import type { ScheduleContactOption } from '../model/schedule-form.ts';

interface ScheduleContactFieldProps {
  companyId: number;
  value: ScheduleContactOption | null;
  onChange: (contact: ScheduleContactOption | null) => void;
  error?: string;
  disabled?: boolean;
}

const label = (contact: ScheduleContactOption) =>
  contact.number ? `${contact.name} (${contact.number})` : contact.name;

/** The contact, searched by name or number from the third character. */
export function ScheduleContactField({ companyId, value, onChange, error, disabled }: ScheduleContactFieldProps) {
  const { t } = useTranslation('schedules');
  const [text, setText] = useState('');
  const isSearching = text.trim().length >= 3 && (!value || text !== label(value));
  const contacts = useContactSearch(companyId, text, isSearching);
  const options = isSearching ? (contacts.data ?? []) : value ? [value] : [];
  return (
    <Autocomplete
      options={options}
      value={value}
      disabled={disabled}
      onChange={(_event, next) => onChange(next)}
      inputValue={text}
      onInputChange={(_event, next) => setText(next)}
      filterOptions={(all) => all}
      getOptionLabel={label}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      loading={contacts.isWaiting && isSearching}
      noOptionsText={text.trim().length < 3 ? t('fields.contactHint') : t('fields.noContacts')}
      renderInput={(params) => (
        <TextField
          {...params}
          required
          label={t('fields.contact')}
          error={Boolean(error)}
          helperText={error ?? (disabled ? undefined : t('fields.contactHint'))}
          data-testid="schedule-contact"
        />
      )}
    />
  );
}
