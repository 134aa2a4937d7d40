import './auth.css';
import { APP_VERSION, type Language } from '@wacrm/shared/common/constants';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../../components/ui/brand-logo.tsx';
import { TranslateIcon, useLanguagePicker } from '../../../components/ui/language-picker.tsx';
import { changeLanguage } from '../../../lib/i18n.ts';

function LanguageButton() {
  const { current, buttonProps, menu } = useLanguagePicker((lang: Language) => void changeLanguage(lang));
  return (
    <>
      <button type="button" className="auth-text-button" {...buttonProps}>
        <TranslateIcon />
        {current.toUpperCase()}
      </button>
      {menu}
    </>
  );
}

/**
 * The frame of the public pages: a teal band, a centred card, the language menu and the copyright.
 * Plain HTML and CSS (auth.css): the login page loads without Material.
 */
export function AuthLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation(['common', 'auth']);
  return (
    <div className="auth-page">
      <div className="auth-brand">
        <BrandLogo size={36} isInverted />
        <span>{t('common:appName')}</span>
      </div>
      <main className="auth-card">
        <div className="auth-card__corner">
          <LanguageButton />
        </div>
        {children}
      </main>
      <div className="auth-copyright" data-testid="copyright">
        {t('auth:login.copyright', { year: new Date().getFullYear(), version: APP_VERSION })}
      </div>
    </div>
  );
}
