import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { useSessionUser } from '../../auth/index.ts';

/** spec: redirect after a refused page, in ms. */
const REDIRECT_DELAY_MS = 1000;

/** spec: a page for the super user only; anyone else gets an info toast and goes to / after 1 s. */
export function useSuperOnly(): boolean {
  const user = useSessionUser();
  const navigate = useNavigate();
  const { t } = useTranslation('announcements');
  const isSuper = user.super;
  useEffect(() => {
    if (isSuper) return;
    toast.info(t('page.superOnly'));
    const timer = setTimeout(() => navigate('/', { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [isSuper, navigate, t]);
  return isSuper;
}
