import Button from '@mui/material/Button';
import type { Language } from '@wacrm/shared/common/constants';
import { TranslateIcon, useLanguagePicker } from './language-picker.tsx';

interface LanguageMenuProps {
  onChange: (lang: Language) => void;
  /** Shows the language name beside the icon (wide layouts). */
  showLabel?: boolean;
}

/** Picks pt, en or es; the caller decides what a change does besides switching i18next. */
export function LanguageMenu({ onChange, showLabel = true }: LanguageMenuProps) {
  const { current, buttonProps, menu } = useLanguagePicker(onChange);
  return (
    <>
      <Button
        color="inherit"
        {...buttonProps}
        startIcon={<TranslateIcon />}
        sx={{ minWidth: 0, px: showLabel ? 1.25 : 1, '& .MuiButton-startIcon': { mr: showLabel ? 1 : 0 } }}
      >
        {showLabel ? current.toUpperCase() : null}
      </Button>
      {menu}
    </>
  );
}
