import CssBaseline from '@mui/material/CssBaseline';
import type { PaletteMode } from '@mui/material/styles';
// @mui/system's provider, as Material's own does for a theme without CSS variables: Material's
// wrapper would also bring its CSS-variables provider into the login page for nothing.
import { ThemeProvider } from '@mui/system';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { storageKeys } from '../lib/session-storage.ts';
import { createAppTheme } from './theme.ts';

interface ColorModeValue {
  mode: PaletteMode;
  toggleMode: () => void;
}

const ColorModeContext = createContext<ColorModeValue>({ mode: 'light', toggleMode: () => {} });

/** spec: the saved preferredTheme wins, else the system colour scheme. */
function initialMode(): PaletteMode {
  const saved = localStorage.getItem(storageKeys.theme);
  if (saved === 'light' || saved === 'dark') return saved;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function ColorModeProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<PaletteMode>(initialMode);
  const toggleMode = useCallback(() => {
    setMode((current) => {
      const next = current === 'light' ? 'dark' : 'light';
      localStorage.setItem(storageKeys.theme, next);
      return next;
    });
  }, []);
  const theme = useMemo(() => createAppTheme(mode), [mode]);
  const value = useMemo(() => ({ mode, toggleMode }), [mode, toggleMode]);
  return (
    <ColorModeContext.Provider value={value}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </ColorModeContext.Provider>
  );
}

export const useColorMode = () => useContext(ColorModeContext);
