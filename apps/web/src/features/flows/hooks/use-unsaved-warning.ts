import { useEffect, useRef } from 'react';
import { useBlocker, useLocation } from 'react-router';

/**
 * Holds every way out of the page while there are unsaved changes: in-app navigation (links, the
 * menu, `navigate`) and the browser's back and forward go through the router's blocker, which
 * the caller answers with a confirmation dialog (`proceed` or `reset`); reload and close get the
 * browser's own prompt (`beforeunload`, the only thing a page may do there).
 */
export function useUnsavedWarning(isDirty: boolean) {
  // Only ways out of this page are held, and only while it is mounted and dirty: a blocker the
  // router still calls from elsewhere (the page kept alive a moment) never holds another page.
  const page = useLocation().pathname;
  const isHolding = useRef(isDirty);
  isHolding.current = isDirty;
  useEffect(
    () => () => {
      isHolding.current = false;
    },
    [],
  );
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isHolding.current &&
      currentLocation.pathname === page &&
      (nextLocation.pathname !== page || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (!isDirty) return;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', beforeUnload);
    return () => window.removeEventListener('beforeunload', beforeUnload);
  }, [isDirty]);
  // Saved meanwhile (or the changes undone): a navigation still held goes on.
  useEffect(() => {
    if (blocker.state === 'blocked' && !isDirty) blocker.proceed();
  }, [blocker, isDirty]);
  return {
    isAsking: blocker.state === 'blocked',
    leave: () => blocker.proceed?.(),
    stay: () => blocker.reset?.(),
  };
}
