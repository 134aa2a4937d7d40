import './base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { initI18n } from '../lib/i18n.ts';
import { registerServiceWorker } from '../lib/service-worker.ts';
import { AppBanners } from './app-banners.tsx';
import { ColorModeProvider } from './color-mode.tsx';
import { AppRoutes } from './router.tsx';
import { ToastOutlet } from './toast-outlet.tsx';

// A data router, so a page can hold navigation back (`useBlocker`: the flow editor's unsaved
// changes). The app's own routes stay one `useRoutes` tree under a single catch-all route.
const router = createBrowserRouter([{ path: '*', element: <AppRoutes /> }]);

// Only the built app has a worker (dist/sw.js); the dev server's modules change under it.
if (import.meta.env.PROD) registerServiceWorker({ openUrl: (url) => void router.navigate(url) });

// Translations come first: the first paint is already in the user's language.
void initI18n().then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <ColorModeProvider>
        <RouterProvider router={router} />
        <ToastOutlet />
        <AppBanners />
      </ColorModeProvider>
    </StrictMode>,
  ),
);
