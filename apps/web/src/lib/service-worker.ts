/**
 * The installed app's side of the service worker (public/sw.js, built by vite.config.ts): it
 * registers it, tells when a new deployment waits ("a new version is available, reload"), keeps the
 * browser's install offer for the profile menu, and opens what a notification click asks for.
 * docs/decisions/installable-app-and-push.md
 */

/** Chromium's install offer (not in TypeScript's DOM types yet). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export interface AppUpdateState {
  /** A new build is installed and waits for the user's "reload". */
  isUpdateReady: boolean;
  /** The browser offers to install the app (Chromium, when its checks pass and it is not installed). */
  canInstall: boolean;
}

let state: AppUpdateState = { isUpdateReady: false, canInstall: false };
let waiting: ServiceWorker | null = null;
let installPrompt: InstallPromptEvent | null = null;
let isUpdateRequested = false;
const listeners = new Set<() => void>();

function set(change: Partial<AppUpdateState>) {
  state = { ...state, ...change };
  for (const listener of listeners) listener();
}

/** For `useSyncExternalStore`. */
export const appUpdates = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: () => state,
};

/** How often an open app asks whether a new deployment exists (also whenever it comes back into view). */
const UPDATE_CHECK_MS = 30 * 60 * 1000;

export function registerServiceWorker(options: { openUrl: (url: string) => void }) {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    installPrompt = event as InstallPromptEvent;
    set({ canInstall: true });
  });
  window.addEventListener('appinstalled', () => {
    installPrompt = null;
    set({ canInstall: false });
  });
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  navigator.serviceWorker.addEventListener('message', (event) => {
    const url = (event.data as { type?: string; url?: string } | null)?.url;
    if ((event.data as { type?: string }).type === 'OPEN_URL' && typeof url === 'string' && url.startsWith('/')) {
      options.openUrl(url);
    }
  });
  // The worker the user let in by "reload" took over: reload onto its build. (The first worker also
  // takes the page, by clients.claim, and needs no reload: it serves the same build.)
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (isUpdateRequested) window.location.reload();
  });
  void navigator.serviceWorker
    .register('/sw.js', { scope: '/', updateViaCache: 'none' })
    .then((registration) => {
      const offer = (worker: ServiceWorker | null) => {
        if (!worker || !navigator.serviceWorker.controller) return;
        waiting = worker;
        set({ isUpdateReady: true });
      };
      offer(registration.waiting);
      registration.addEventListener('updatefound', () => {
        const installing = registration.installing;
        installing?.addEventListener('statechange', () => {
          if (installing.state === 'installed') offer(installing);
        });
      });
      const check = () => void registration.update().catch(() => undefined);
      setInterval(check, UPDATE_CHECK_MS);
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') check();
      });
    })
    .catch(() => undefined);
}

/** "Reload": the waiting worker takes over; `controllerchange` reloads the page onto the new build. */
export function applyUpdate() {
  isUpdateRequested = true;
  if (waiting) waiting.postMessage({ type: 'SKIP_WAITING' });
  else window.location.reload();
}

/** The browser's own install dialog. */
export async function promptInstall() {
  const prompt = installPrompt;
  if (!prompt) return;
  installPrompt = null;
  set({ canInstall: false });
  await prompt.prompt();
}

/**
 * Ends this browser's push subscription. Signing out calls it: a device nobody is signed in on
 * must not show the user's customers. (The server drops the device with the session as well.)
 */
export async function unsubscribeFromPush() {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration();
  await (await registration?.pushManager?.getSubscription())?.unsubscribe();
}
