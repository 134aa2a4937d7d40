import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { applyUpdate, appUpdates } from '../lib/service-worker.ts';

const onlineState = {
  subscribe(listener: () => void) {
    window.addEventListener('online', listener);
    window.addEventListener('offline', listener);
    return () => {
      window.removeEventListener('online', listener);
      window.removeEventListener('offline', listener);
    };
  },
  getSnapshot: () => navigator.onLine,
};

/**
 * Above every page (the login too, so plain CSS, no Material): "offline" while the device has no
 * connection (what is on screen may be out of date, nothing is sent), and "a new version is
 * available" once a new deployment waits.
 */
export function AppBanners() {
  const { t } = useTranslation('common');
  const isOnline = useSyncExternalStore(onlineState.subscribe, onlineState.getSnapshot);
  const { isUpdateReady } = useSyncExternalStore(appUpdates.subscribe, appUpdates.getSnapshot);
  if (isOnline && !isUpdateReady) return null;
  return (
    <div className="app-banners">
      {!isOnline && (
        <div className="app-banner app-banner-offline" role="status" data-testid="offline-banner">
          {t('appBanners.offline')}
        </div>
      )}
      {isUpdateReady && (
        <div className="app-banner" role="status" data-testid="update-banner">
          <span>{t('appBanners.updateReady')}</span>
          <button type="button" className="app-banner-action" onClick={applyUpdate}>
            {t('appBanners.reload')}
          </button>
        </div>
      )}
    </div>
  );
}
