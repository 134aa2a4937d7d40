import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMonth, recentMonths } from '../../lib/format.ts';

type MonthSelectProps = Omit<TextFieldProps, 'value' | 'onChange' | 'select' | 'type' | 'children'> & {
  /** yyyy-MM (UTC month), one of the last `months` months. */
  value: string;
  onChange: (month: string) => void;
  /** How many months back, the current one included. */
  months?: number;
  testId?: string;
};

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A month picked from the last `months`, named in the interface language ("Março de 2026").
 * A native month input would follow the browser's locale instead; a select is keyboard usable
 * and reads the same on a phone. Months are UTC, as the server counts them.
 */
export function MonthSelect({ value, onChange, months = 24, testId, ...props }: MonthSelectProps) {
  const { i18n } = useTranslation();
  const choices = useMemo(() => recentMonths(months), [months]);
  return (
    <TextField
      {...props}
      select
      value={choices.includes(value) ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ htmlInput: { 'data-testid': testId } }}
    >
      {choices.map((month) => (
        <MenuItem key={month} value={month} data-testid={testId ? `${testId}-${month}` : undefined}>
          {capitalized(formatMonth(month, i18n.language))}
        </MenuItem>
      ))}
    </TextField>
  );
}
