import type { AutocompleteRenderInputParams } from '@mui/material/Autocomplete';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

type Params = AutocompleteRenderInputParams;

interface AutocompleteFieldProps extends Omit<Params, 'slotProps'> {
  slotProps: Omit<Params['slotProps'], 'htmlInput'> & {
    htmlInput: Params['slotProps']['htmlInput'] & { 'data-testid'?: string };
  };
  label?: string;
  placeholder?: string;
  'aria-label'?: string;
}

/**
 * An Autocomplete's outlined input, built as TextField builds it (form control, label, outlined
 * input) without TextField's select and filled/standard variants: the tickets screen shows the
 * ticket's tags with it, and keeps those parts of MUI out of its JavaScript.
 */
export function AutocompleteField({
  id,
  disabled,
  fullWidth,
  size,
  slotProps,
  label,
  placeholder,
  ...other
}: AutocompleteFieldProps) {
  const inputLabelId = label && id ? `${id}-label` : undefined;
  return (
    <FormControl variant="outlined" disabled={disabled} fullWidth={fullWidth} size={size} {...other}>
      {label && (
        <InputLabel htmlFor={id} id={inputLabelId} {...slotProps.inputLabel}>
          {label}
        </InputLabel>
      )}
      <OutlinedInput
        id={id}
        label={label}
        placeholder={placeholder}
        fullWidth={fullWidth}
        inputProps={slotProps.htmlInput}
        {...slotProps.input}
      />
    </FormControl>
  );
}
