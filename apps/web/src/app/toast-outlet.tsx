import { Suspense, useState, useSyncExternalStore } from 'react';
import { getToasts, subscribeToasts } from '../lib/toast.ts';
import { lazyThemed } from './lazy-themed.tsx';

const Toaster = lazyThemed(() => import('../components/ui/toaster.tsx').then((module) => module.Toaster), {
  withBaseline: false,
});

/** Loads the toaster (Material) with the first toast, then keeps it: the login page starts without it. */
export function ToastOutlet() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  const [isNeeded, setIsNeeded] = useState(false);
  if (toasts.length > 0 && !isNeeded) setIsNeeded(true);
  if (!isNeeded) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
