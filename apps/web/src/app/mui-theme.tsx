import CssBaseline from '@mui/material/CssBaseline';
// @mui/system's provider, as Material's own does for a theme without CSS variables: Material's
// wrapper would also bring its CSS-variables provider along for nothing.
import { ThemeProvider } from '@mui/system';
import type { ReactNode } from 'react';
import { type ColorMode, useColorMode } from './color-mode.tsx';
import { createAppTheme } from './theme.ts';

// One theme object per mode, shared by every part that mounts a provider (the app, a toast, the
// language menu on the login page), so nested providers hand down the same object.
const themes = new Map<ColorMode, ReturnType<typeof createAppTheme>>();
function themeFor(mode: ColorMode) {
  let theme = themes.get(mode);
  if (!theme) {
    theme = createAppTheme(mode);
    themes.set(mode, theme);
  }
  return theme;
}

interface MuiThemeProps {
  children: ReactNode;
  /** Material's global baseline (body colours and font): for whole pages, not for a popup. */
  withBaseline?: boolean;
}

/** The Material theme of the current colour mode, for the parts of the app built with Material. */
export function MuiTheme({ children, withBaseline = true }: MuiThemeProps) {
  const { mode } = useColorMode();
  return (
    <ThemeProvider theme={themeFor(mode)}>
      {withBaseline && <CssBaseline />}
      {children}
    </ThemeProvider>
  );
}
