import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateValidation } from '../../../lib/validation-message.ts';
import type { PickerOption } from '../api/connections-api.ts';
import type { ConnectionFormValues } from '../model/connection-form.ts';

interface PickerFieldProps {
  name: 'transferQueueId' | 'promptId' | 'integrationId';
  label: string;
  options: PickerOption[] | undefined;
  /** Shown under the field when there is nothing to pick. */
  emptyHint: string;
}

/** A single choice among listed records, with "none"; null when nothing is chosen. */
export function PickerField({ name, label, options, emptyHint }: PickerFieldProps) {
  const { t } = useTranslation('connections');
  const { control, formState } = useFormContext<ConnectionFormValues>();
  const list = options ?? [];
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => {
        const value = typeof field.value === 'number' ? field.value : '';
        // A stored id the list does not answer (deleted, or its feature not yet here) stays visible.
        const isUnknown = value !== '' && !list.some((option) => option.id === value);
        return (
          <TextField
            select
            fullWidth
            label={label}
            value={value}
            onChange={(event) => field.onChange(event.target.value === '' ? null : Number(event.target.value))}
            error={!!formState.errors[name]}
            helperText={
              translateValidation(formState.errors[name]?.message) ?? (options && list.length === 0 ? emptyHint : ' ')
            }
            slotProps={{ htmlInput: { 'data-testid': `connection-${name}` } }}
          >
            <MenuItem value="">
              <em>{t('fields.none')}</em>
            </MenuItem>
            {isUnknown && <MenuItem value={value}>#{value}</MenuItem>}
            {list.map((option) => (
              <MenuItem key={option.id} value={option.id}>
                {option.name}
              </MenuItem>
            ))}
          </TextField>
        );
      }}
    />
  );
}
