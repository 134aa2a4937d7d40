import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { useId } from 'react';

interface OutlinedFieldProps extends Omit<OutlinedInputProps, 'label' | 'error'> {
  label: string;
  /** Shown under the field, in the error colour. */
  errorText?: string;
  /** Shown under the field when there is no error. */
  helperText?: string;
}

/**
 * A labelled outlined input. Lighter than TextField, which also bundles the select and the
 * filled and standard variants: this keeps the login page's JavaScript small.
 */
export function OutlinedField({ label, errorText, helperText, id, ...inputProps }: OutlinedFieldProps) {
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  return (
    <FormControl fullWidth variant="outlined" error={!!errorText}>
      <InputLabel htmlFor={fieldId}>{label}</InputLabel>
      <OutlinedInput
        id={fieldId}
        label={label}
        aria-describedby={errorText ? `${fieldId}-error` : helperText ? `${fieldId}-help` : undefined}
        {...inputProps}
      />
      {errorText && <FormHelperText id={`${fieldId}-error`}>{errorText}</FormHelperText>}
      {!errorText && helperText && <FormHelperText id={`${fieldId}-help`}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
