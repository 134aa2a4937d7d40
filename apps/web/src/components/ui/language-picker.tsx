import type { Language } from '@wacrm/shared/common/constants';
import { lazy, type MouseEvent, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toLanguage } from '../../lib/i18n.ts';

// The menu (popover, modal, focus handling) is loaded on first open, keeping it out of the login page's first load.
const LanguageMenuList = lazy(() => import('./language-menu-list.tsx'));

export function TranslateIcon() {
  // Inline so the login page does not pull the icon package.
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="currentColor" aria-hidden>
      <path d="m12.87 15.07-2.54-2.51.03-.03A17.5 17.5 0 0 0 14.07 6H17V4h-7V2H8v2H1v2h11.17C11.5 7.92 10.44 9.75 9 11.35 8.07 10.32 7.3 9.19 6.69 8h-2c.73 1.63 1.73 3.17 2.98 4.56l-5.09 5.02L4 19l5-5 3.11 3.11zM18.5 10h-2L12 22h2l1.12-3h4.75L21 22h2zm-2.62 7 1.62-4.33L19.12 17z" />
    </svg>
  );
}

/**
 * The state of a language button: the current language, what opens the menu and the menu itself.
 * The button is the caller's (Material in the app, plain on the login page).
 */
export function useLanguagePicker(onChange: (lang: Language) => void) {
  const { t, i18n } = useTranslation('common');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = toLanguage(i18n.language);
  const pick = (lang: Language) => {
    setAnchor(null);
    onChange(lang);
  };
  const menu = anchor && (
    <Suspense fallback={null}>
      <LanguageMenuList anchor={anchor} current={current} onPick={pick} onClose={() => setAnchor(null)} />
    </Suspense>
  );
  return {
    current,
    buttonProps: {
      onClick: (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget),
      'aria-label': t('language'),
      'aria-haspopup': 'menu' as const,
      'data-testid': 'language-menu',
    },
    menu,
  };
}
