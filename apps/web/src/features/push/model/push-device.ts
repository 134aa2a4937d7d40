/**
 * This browser's push subscription: whether it can have one, and making or ending it. The
 * permission is asked only here, when the user turns push on in their profile.
 */

export type PushSupport = 'supported' | 'unsupported' | 'denied';

export function pushSupport(): PushSupport {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window))
    return 'unsupported';
  if (!window.isSecureContext) return 'unsupported';
  return Notification.permission === 'denied' ? 'denied' : 'supported';
}

/** The worker that receives pushes; none within a few seconds (the dev server has none) counts as no support. */
async function readyWorker(): Promise<ServiceWorkerRegistration | null> {
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), 5_000));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() === 'unsupported') return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

function keyBytes(base64Url: string) {
  const base64 = base64Url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64Url.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

/** Asks the permission, then subscribes with the server's key. Null when the user said no. */
export async function subscribeThisDevice(vapidPublicKey: string): Promise<PushSubscription | null> {
  if ((await Notification.requestPermission()) !== 'granted') return null;
  const registration = await readyWorker();
  if (!registration) throw new Error('no service worker');
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(vapidPublicKey) });
}

/** A name the user recognises the device by: browser and system, from the user agent. */
export function deviceName(userAgent = navigator.userAgent): string {
  const browser =
    [
      ['Edge', /Edg\//],
      ['Opera', /OPR\//],
      ['Samsung Internet', /SamsungBrowser/],
      ['Chrome', /Chrome\//],
      ['Firefox', /Firefox\//],
      ['Safari', /Safari\//],
    ].find(([, pattern]) => (pattern as RegExp).test(userAgent))?.[0] ?? 'Browser';
  const system =
    [
      ['Android', /Android/],
      ['iPhone', /iPhone/],
      ['iPad', /iPad/],
      ['Windows', /Windows/],
      ['macOS', /Mac OS X/],
      ['Linux', /Linux/],
    ].find(([, pattern]) => (pattern as RegExp).test(userAgent))?.[0] ?? '';
  return system ? `${browser} · ${system}` : String(browser);
}
