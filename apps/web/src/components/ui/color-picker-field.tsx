import CheckIcon from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Ref } from 'react';

interface ColorPickerFieldProps {
  label: string;
  value: string;
  onChange: (color: string) => void;
  onBlur?: () => void;
  palette: readonly string[];
  /** Accessible names of the palette buttons: `paletteLabel(color)`. */
  paletteLabel: (color: string) => string;
  errorText?: string;
  helperText?: string;
  required?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  testId?: string;
}

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** A palette of swatches plus a hex field (whose swatch opens the browser's own picker) for any other colour. */
export function ColorPickerField({
  label,
  value,
  onChange,
  onBlur,
  palette,
  paletteLabel,
  errorText,
  helperText,
  required,
  inputRef,
  testId,
}: ColorPickerFieldProps) {
  const isValid = HEX.test(value);
  return (
    <Stack spacing={1}>
      <Typography variant="body2" color="text.secondary" component="div">
        {label}
        {required && ' *'}
      </Typography>
      <Box
        role="group"
        aria-label={label}
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(30px, 1fr))', gap: 0.75, maxWidth: 420 }}
      >
        {palette.map((color) => {
          const isSelected = value.toLowerCase() === color.toLowerCase();
          return (
            <ButtonBase
              key={color}
              onClick={() => onChange(color)}
              aria-label={paletteLabel(color)}
              aria-pressed={isSelected}
              data-testid={testId ? `${testId}-swatch-${color.slice(1)}` : undefined}
              sx={{
                width: 30,
                height: 30,
                borderRadius: '50%',
                bgcolor: color,
                color: '#fff',
                border: 2,
                borderColor: isSelected ? 'text.primary' : 'transparent',
                '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
              }}
            >
              {isSelected && <CheckIcon sx={{ fontSize: 18 }} />}
            </ButtonBase>
          );
        })}
      </Box>
      <TextField
        value={value}
        onChange={(event) => onChange(event.target.value.trim())}
        onBlur={onBlur}
        inputRef={inputRef}
        size="small"
        placeholder="#22c55e"
        error={!!errorText}
        sx={{ maxWidth: 220 }}
        slotProps={{
          htmlInput: { 'data-testid': testId, 'aria-label': label, maxLength: 9, spellCheck: false },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Box
                  component="input"
                  type="color"
                  tabIndex={-1}
                  aria-hidden
                  value={isValid && value.length === 7 ? value : '#000000'}
                  onChange={(event: React.ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
                  sx={{
                    width: 24,
                    height: 24,
                    p: 0,
                    border: 1,
                    borderColor: 'divider',
                    borderRadius: 1,
                    cursor: 'pointer',
                    bgcolor: isValid ? value : 'transparent',
                    '&::-webkit-color-swatch-wrapper': { p: 0 },
                    '&::-webkit-color-swatch': { border: 'none', borderRadius: 1, opacity: isValid ? 1 : 0 },
                  }}
                />
              </InputAdornment>
            ),
          },
        }}
      />
      {(errorText ?? helperText) && (
        <FormHelperText error={!!errorText} sx={{ mt: '3px !important', mx: 1.75 }}>
          {errorText ?? helperText}
        </FormHelperText>
      )}
    </Stack>
  );
}
