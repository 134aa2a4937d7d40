// The app's service worker (docs/decisions/installable-app-and-push.md). The build writes it to
// dist/sw.js with this build's id and the files of the app shell (vite.config.ts, `serviceWorker`):
// a new build is a new worker, which waits until the app's "reload" prompt lets it take over.
const BUILD_ID = '__BUILD_ID__';
const SHELL_FILES = __SHELL_FILES__;
const CACHE = `wacrm-shell-${BUILD_ID}`;

/**
 * Fingerprinted files the previous build already cached are copied, not downloaded again: a
 * deployment costs a device only the files that changed.
 */
async function fillShell() {
  const cache = await caches.open(CACHE);
  const missing = [];
  for (const file of SHELL_FILES) {
    const kept = file.startsWith('/assets/') ? await caches.match(file) : undefined;
    if (kept) await cache.put(file, kept);
    else missing.push(file);
  }
  await cache.addAll(missing);
}

self.addEventListener('install', (event) => {
  event.waitUntil(fillShell());
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names.filter((name) => name.startsWith('wacrm-shell-') && name !== CACHE).map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

// The app's "reload" button: the waiting worker takes over, then every window reloads.
self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') self.skipWaiting();
});

/** Data and live traffic are never cached: nothing stale is ever shown as live. */
const isLive = (url) =>
  url.pathname.startsWith('/api/') || url.pathname.startsWith('/socket.io/') || url.pathname.startsWith('/public/');

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || isLive(url)) return;
  if (request.mode === 'navigate') {
    // Every page of the app is the same shell: from this build's cache at once, the network only without one.
    event.respondWith(caches.match('/', { cacheName: CACHE }).then((shell) => shell ?? fetch(request)));
    return;
  }
  // Fingerprinted assets never change: a lazily loaded screen is kept once fetched.
  event.respondWith(
    caches.match(request, { cacheName: CACHE }).then(
      (cached) =>
        cached ??
        fetch(request).then((response) => {
          if (response.ok && url.pathname.startsWith('/assets/')) {
            const copy = response.clone();
            event.waitUntil(caches.open(CACHE).then((cache) => cache.put(request, copy)));
          }
          return response;
        }),
    ),
  );
});

/** A window of the app that shows what the notice is about (a ticket, a chat) and has the focus: the user is reading it. */
async function isShowing(path) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  return windows.some(
    (client) => client.focused && client.visibilityState === 'visible' && new URL(client.url).pathname === path,
  );
}

self.addEventListener('push', (event) => {
  let notice;
  try {
    notice = event.data?.json();
  } catch {
    return;
  }
  if (!notice?.title) return;
  event.waitUntil(
    (async () => {
      if (notice.url && (await isShowing(notice.url))) return;
      await self.registration.showNotification(notice.title, {
        body: notice.body,
        tag: notice.tag,
        renotify: true,
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        data: { url: notice.url },
      });
    })(),
  );
});

// A click opens the ticket (or chat): in a window of the app if one is open, else a new one.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url ?? '/', self.location.origin);
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const client = windows[0];
      if (client) {
        await client.focus();
        client.postMessage({ type: 'OPEN_URL', url: target.pathname });
        return;
      }
      await self.clients.openWindow(target.pathname);
    })(),
  );
});
