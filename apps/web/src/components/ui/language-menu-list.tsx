import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { type Language, languages } from '@wacrm/shared/common/constants';
import { useTranslation } from 'react-i18next';
import { MuiTheme } from '../../app/mui-theme.tsx';

interface LanguageMenuListProps {
  anchor: HTMLElement | null;
  current: Language;
  onPick: (lang: Language) => void;
  onClose: () => void;
}

/**
 * The open language menu; a separate module so pages load the menu code only when it opens. It
 * brings its own theme: on the login page nothing above it has one.
 */
export default function LanguageMenuList({ anchor, current, onPick, onClose }: LanguageMenuListProps) {
  const { t } = useTranslation('common');
  return (
    <MuiTheme withBaseline={false}>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={onClose}>
        {languages.map((lang) => (
          <MenuItem
            key={lang}
            selected={lang === current}
            onClick={() => onPick(lang)}
            data-testid={`language-${lang}`}
          >
            {t(`languages.${lang}`)}
          </MenuItem>
        ))}
      </Menu>
    </MuiTheme>
  );
}
