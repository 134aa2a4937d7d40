import { type ComponentType, type LazyExoticComponent, lazy, type ReactNode, Suspense, useState } from 'react';

/**
 * A component whose code loads when first rendered, from a module's named export: the screens
 * that offer a dialog (the tickets screen above all) keep its form, its schema and zod out of
 * their JavaScript. Render it inside `OnceOpened` (dialogs) or a `Suspense`.
 */
export function lazyNamed<Props>(load: () => Promise<ComponentType<Props>>): LazyExoticComponent<ComponentType<Props>> {
  return lazy(() => load().then((component) => ({ default: component })));
}

/**
 * Renders a lazily loaded dialog from the first time it opens. From then on it stays mounted, as
 * a dialog always rendered would, so it closes with its transition and keeps its state between
 * openings. Nothing shows while the chunk arrives (a few milliseconds).
 */
export function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [hasOpened, setHasOpened] = useState(open);
  if (open && !hasOpened) setHasOpened(true);
  if (!hasOpened) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
}
