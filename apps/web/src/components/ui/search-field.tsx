import SearchOutlined from '@mui/icons-material/SearchOutlined';
import InputAdornment from '@mui/material/InputAdornment';
import type { SxProps, Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';

interface SearchFieldProps {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  /** What a screen reader announces (defaults to the placeholder). */
  label?: string;
  testId: string;
  sx?: SxProps<Theme>;
}

/** The list screens' search box: small, a magnifier in front, 260 px or more beside a title. */
export function SearchField({ value, onChange, placeholder, label, testId, sx }: SearchFieldProps) {
  return (
    <TextField
      size="small"
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchOutlined fontSize="small" />
            </InputAdornment>
          ),
        },
        htmlInput: { 'aria-label': label ?? placeholder, 'data-testid': testId },
      }}
      sx={sx ?? { minWidth: { sm: 260 } }}
    />
  );
}
