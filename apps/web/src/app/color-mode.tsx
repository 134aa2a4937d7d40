import { createContext, type ReactNode, useCallback, useContext, useLayoutEffect, useMemo, useState } from 'react';
import { storageKeys } from '../lib/session-storage.ts';

export type ColorMode = 'light' | 'dark';

interface ColorModeValue {
  mode: ColorMode;
  toggleMode: () => void;
}

const ColorModeContext = createContext<ColorModeValue>({ mode: 'light', toggleMode: () => {} });

/** spec: the saved preferredTheme wins, else the system colour scheme. */
function initialMode(): ColorMode {
  const saved = localStorage.getItem(storageKeys.theme);
  if (saved === 'light' || saved === 'dark') return saved;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/**
 * The light or dark choice, without Material: the login page is plain HTML and CSS and reads the
 * mode from `<html data-color-scheme>`; the Material theme (mui-theme.tsx) is built from the same
 * value where the lazily loaded parts need it.
 */
export function ColorModeProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<ColorMode>(initialMode);
  const toggleMode = useCallback(() => {
    setMode((current) => {
      const next = current === 'light' ? 'dark' : 'light';
      localStorage.setItem(storageKeys.theme, next);
      return next;
    });
  }, []);
  // Before paint, so the first frame already has the right colours.
  useLayoutEffect(() => {
    document.documentElement.dataset.colorScheme = mode;
  }, [mode]);
  const value = useMemo(() => ({ mode, toggleMode }), [mode, toggleMode]);
  return <ColorModeContext.Provider value={value}>{children}</ColorModeContext.Provider>;
}

export const useColorMode = () => useContext(ColorModeContext);
