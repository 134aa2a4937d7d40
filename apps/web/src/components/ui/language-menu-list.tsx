import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { type Language, languages } from '@wacrm/shared/common/constants';
import { useTranslation } from 'react-i18next';

interface LanguageMenuListProps {
  anchor: HTMLElement | null;
  current: Language;
  onPick: (lang: Language) => void;
  onClose: () => void;
}

/** The open language menu; a separate module so pages load the menu code only when it opens. */
export default function LanguageMenuList({ anchor, current, onPick, onClose }: LanguageMenuListProps) {
  const { t } = useTranslation('common');
  return (
    <Menu anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      {languages.map((lang) => (
        <MenuItem key={lang} selected={lang === current} onClick={() => onPick(lang)} data-testid={`language-${lang}`}>
          {t(`languages.${lang}`)}
        </MenuItem>
      ))}
    </Menu>
  );
}
