import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount, parseAmount } from '../model/plan-value.ts';

interface CurrencyFieldProps {
  label: string;
  /** The amount; NaN while the text is not an amount. */
  value: number | string | undefined;
  onChange: (value: number) => void;
  onBlur: () => void;
  error?: boolean;
  helperText?: string;
  testId: string;
}

/**
 * A price in BRL typed in the interface language ("149,90" with an R$ prefix in pt). It hands the
 * form a number (NaN while the text cannot be read, so the form's schema refuses it) and shows the
 * amount formatted again when the field loses focus.
 */
export function CurrencyField({ label, value, onChange, onBlur, error, helperText, testId }: CurrencyFieldProps) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const asText = (amount: number | string | undefined) => {
    const number = typeof amount === 'number' ? amount : Number(amount);
    return amount === '' || amount === undefined || Number.isNaN(number) ? '' : formatAmount(number, language);
  };
  const [text, setText] = useState(() => asText(value));
  const isEditing = useRef(false);

  // A reset of the form (another plan opened) or a language change rewrites the text.
  // biome-ignore lint/correctness/useExhaustiveDependencies: asText only depends on language.
  useEffect(() => {
    if (!isEditing.current) setText(asText(value));
  }, [value, language]);

  return (
    <TextField
      label={label}
      value={text}
      required
      error={error}
      helperText={helperText}
      onFocus={() => {
        isEditing.current = true;
      }}
      onChange={(event) => {
        setText(event.target.value);
        onChange(parseAmount(event.target.value, language) ?? Number.NaN);
      }}
      onBlur={() => {
        isEditing.current = false;
        const amount = parseAmount(text, language);
        if (amount !== null) setText(formatAmount(amount, language));
        onBlur();
      }}
      sx={{ minWidth: { sm: 200 } }}
      slotProps={{
        input: { startAdornment: <InputAdornment position="start">R$</InputAdornment> },
        htmlInput: { 'data-testid': testId, inputMode: 'decimal', autoComplete: 'off' },
      }}
    />
  );
}
