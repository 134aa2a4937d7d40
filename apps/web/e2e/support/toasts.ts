import { expect, type Page } from '@playwright/test';
import { paced } from './machine-pace.ts';

// Toasts close 2 s after they open (spec). On a loaded machine one poll of toBeVisible can come
// just before a toast and the next just after it, so the page itself notes every toast that
// reaches the screen, and specs wait on that note instead of catching the toast in the act.
// Kept in sessionStorage: a toast raised just before a reload (the session-ended notice) counts.

export const toastNoteKey = 'e2e:toasts-shown';

/** Runs in every page (fixtures.ts, as an init script): notes the text of each toast drawn. */
export function noteToastsShown(key: string): void {
  const note = (toast: Element) => {
    // On the next frame, as drawn: laid out and not hidden.
    requestAnimationFrame(() => {
      const box = toast.getBoundingClientRect();
      if (!toast.isConnected || box.width === 0 || !toast.checkVisibility({ visibilityProperty: true })) return;
      const shown: string[] = JSON.parse(sessionStorage.getItem(key) ?? '[]');
      sessionStorage.setItem(key, JSON.stringify([...shown, toast.textContent ?? '']));
    });
  };
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!(node instanceof Element)) continue;
        if (node.matches('[data-testid="toast"]')) note(node);
        for (const toast of node.querySelectorAll('[data-testid="toast"]')) note(toast);
      }
    }
  }).observe(document, { childList: true, subtree: true });
}

/**
 * Waits until a toast containing `text` has been on screen since the last wait that matched it
 * (each toast answers one wait), the way `expect(toast).toBeVisible()` would on a quiet machine.
 */
export async function expectToast(page: Page, text: string, options: { timeout?: number } = {}): Promise<void> {
  const takeNote = (args: { key: string; text: string }) => {
    const shown: string[] = JSON.parse(sessionStorage.getItem(args.key) ?? '[]');
    const at = shown.findIndex((toast) => toast.includes(args.text));
    if (at < 0) return false;
    shown.splice(at, 1);
    sessionStorage.setItem(args.key, JSON.stringify(shown));
    return true;
  };
  // A page mid-navigation has no context to ask: that poll says "not yet".
  const seen = () => page.evaluate(takeNote, { key: toastNoteKey, text }).catch(() => false);
  await expect
    .poll(seen, {
      message: `a toast saying "${text}"`,
      timeout: options.timeout ?? paced(10_000),
    })
    .toBe(true);
}
