import { alpha, createTheme, type PaletteMode } from '@mui/material/styles';

// A calm WhatsApp-like teal; the dark palette follows WhatsApp Web's deep blue-greys.
const brand = { teal: '#008069', tealDark: '#00a884', green: '#25d366' };

export function createAppTheme(mode: PaletteMode) {
  const isDark = mode === 'dark';
  const theme = createTheme({
    palette: {
      mode,
      primary: isDark
        ? { main: brand.tealDark, contrastText: '#0b141a' }
        : { main: brand.teal, contrastText: '#ffffff' },
      secondary: { main: brand.green, contrastText: '#0b141a' },
      background: isDark ? { default: '#0b141a', paper: '#111b21' } : { default: '#f0f2f5', paper: '#ffffff' },
      divider: isDark ? 'rgba(233, 237, 239, 0.10)' : 'rgba(17, 27, 33, 0.10)',
      text: isDark ? { primary: '#e9edef', secondary: '#8696a0' } : { primary: '#111b21', secondary: '#54656f' },
    },
    shape: { borderRadius: 10 },
    // Someone who asked their system for less motion gets dialogs, menus, ripples and skeletons
    // without animation.
    motion: { reducedMotion: 'system' },
    typography: {
      fontFamily: '"Inter", "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif',
      button: { textTransform: 'none', fontWeight: 600 },
      h4: { fontWeight: 700 },
      h5: { fontWeight: 700 },
      h6: { fontWeight: 600 },
    },
  });

  return createTheme(theme, {
    components: {
      MuiCssBaseline: {
        styleOverrides: { body: { WebkitFontSmoothing: 'antialiased' } },
      },
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiAppBar: {
        defaultProps: { elevation: 0, color: 'inherit' },
        styleOverrides: {
          root: {
            backgroundColor: theme.palette.background.paper,
            borderBottom: `1px solid ${theme.palette.divider}`,
          },
        },
      },
      MuiDrawer: {
        styleOverrides: { paper: { borderRight: `1px solid ${theme.palette.divider}` } },
      },
      MuiListItemButton: {
        styleOverrides: {
          root: {
            borderRadius: 8,
            margin: '2px 8px',
            '&.active': {
              backgroundColor: alpha(theme.palette.primary.main, isDark ? 0.18 : 0.1),
              color: theme.palette.primary.main,
              '& .MuiListItemIcon-root': { color: theme.palette.primary.main },
            },
          },
        },
      },
      MuiListItemIcon: { styleOverrides: { root: { minWidth: 40 } } },
      // Every tooltip is a plain label: not interactive, it never takes the tap or click meant for
      // what it points at (an open one could cover the sandbox's send button on a phone).
      MuiTooltip: { defaultProps: { arrow: true, disableInteractive: true } },
      MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
      // Dark mode drops MUI's elevation overlay (above), so a dialog gets a lighter surface and
      // a border to stand apart from the dimmed page.
      MuiDialog: {
        styleOverrides: {
          paper: isDark
            ? {
                backgroundColor: '#1a252c',
                border: '1px solid rgba(233, 237, 239, 0.16)',
                '&.MuiDialog-paperFullScreen': { border: 0 },
              }
            : {},
        },
      },
      // One padding for every dialog's buttons; cancel buttons use color="inherit".
      MuiDialogActions: { styleOverrides: { root: { padding: theme.spacing(2, 3) } } },
    },
  });
}
