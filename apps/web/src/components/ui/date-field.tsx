import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type Ref, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTextToIso, isoToDateText, maskDateText } from '../../lib/date-text.ts';

type DateFieldProps = Omit<TextFieldProps, 'value' | 'onChange' | 'type' | 'defaultValue'> & {
  /** yyyy-MM-dd, or '' for none. */
  value: string;
  /** yyyy-MM-dd when the typed day is complete and real, '' otherwise (like a native date input). */
  onChange: (isoDay: string) => void;
  testId?: string;
  inputRef?: Ref<HTMLInputElement>;
};

/**
 * A date typed as dd/mm/yyyy whatever the browser's locale, with a button that opens the browser's
 * own calendar. spec: dates read dd/MM/yyyy in every interface language.
 */
export function DateField({ value, onChange, testId, inputRef, error, helperText, onBlur, ...props }: DateFieldProps) {
  const { t } = useTranslation('common');
  const [text, setText] = useState(() => isoToDateText(value));
  const [isInvalid, setIsInvalid] = useState(false);
  const pickerRef = useRef<HTMLInputElement>(null);

  // A value set from outside (a reset, the calendar) replaces what was typed.
  useEffect(() => {
    setText((current) => ((dateTextToIso(current) ?? '') === value ? current : isoToDateText(value)));
  }, [value]);

  const handleText = (next: string) => {
    const masked = maskDateText(next);
    setText(masked);
    const iso = dateTextToIso(masked);
    if (iso || masked === '') setIsInvalid(false);
    onChange(iso ?? '');
  };

  const openPicker = () => {
    const picker = pickerRef.current;
    if (!picker) return;
    if (typeof picker.showPicker === 'function') picker.showPicker();
    else picker.click();
  };

  return (
    <TextField
      {...props}
      value={text}
      onChange={(event) => handleText(event.target.value)}
      onBlur={(event) => {
        setIsInvalid(text !== '' && !dateTextToIso(text));
        onBlur?.(event);
      }}
      error={error || isInvalid}
      helperText={isInvalid ? t('dateField.invalid') : helperText}
      placeholder={t('dateField.placeholder')}
      inputRef={inputRef}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { inputMode: 'numeric', maxLength: 10, autoComplete: 'off', 'data-testid': testId },
        input: {
          endAdornment: (
            <InputAdornment position="end" sx={{ position: 'relative' }}>
              <IconButton size="small" edge="end" aria-label={t('dateField.openCalendar')} onClick={openPicker}>
                <CalendarMonthOutlined fontSize="small" />
              </IconButton>
              {/* The browser's calendar only: never focused or read by assistive technology. */}
              <input
                ref={pickerRef}
                type="date"
                tabIndex={-1}
                aria-hidden
                value={value}
                onChange={(event) => handleText(isoToDateText(event.target.value))}
                style={{
                  position: 'absolute',
                  right: 0,
                  bottom: 0,
                  width: 1,
                  height: 1,
                  opacity: 0,
                  border: 0,
                  padding: 0,
                }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
