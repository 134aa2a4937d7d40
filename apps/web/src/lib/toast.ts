/** A tiny toast store: any module (the http client included) can raise a toast without React context. */
export type ToastSeverity = 'success' | 'info' | 'warning' | 'error';

export interface Toast {
  id: number;
  message: string;
  severity: ToastSeverity;
  /** How long it stays once drawn (see startToastCountdown). */
  durationMs: number;
}

/** spec: toasts close by themselves after 2 seconds. */
export const TOAST_DURATION_MS = 2000;

type Listener = (toasts: readonly Toast[]) => void;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function publish(next: readonly Toast[]): void {
  toasts = next;
  for (const listener of listeners) listener(toasts);
}

function show(severity: ToastSeverity, message: string, durationMs = TOAST_DURATION_MS): number {
  const id = nextId++;
  // The same text again while it shows (several failed requests at once, or a second queue saved
  // within two seconds) replaces it rather than stacking: one toast, drawn anew with a fresh
  // countdown, so the later event is still seen for its full time.
  const others = toasts.filter((item) => item.message !== message);
  publish([...others, { id, message, severity, durationMs }]);
  return id;
}

/**
 * Starts a toast's countdown; the toaster calls it as it draws the toast, so the time on screen is
 * not spent waiting for the toaster's code. Returns what cancels it.
 */
export function startToastCountdown(toast: Toast): () => void {
  const timer = setTimeout(() => dismissToast(toast.id), toast.durationMs);
  return () => clearTimeout(timer);
}

export function dismissToast(id: number): void {
  if (toasts.some((item) => item.id === id)) publish(toasts.filter((item) => item.id !== id));
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getToasts = (): readonly Toast[] => toasts;

export const toast = {
  success: (message: string, durationMs?: number) => show('success', message, durationMs),
  info: (message: string, durationMs?: number) => show('info', message, durationMs),
  warning: (message: string, durationMs?: number) => show('warning', message, durationMs),
  error: (message: string, durationMs?: number) => show('error', message, durationMs),
};
