import Alert, { type AlertProps } from '@mui/material/Alert';
import Grow from '@mui/material/Grow';
import Stack from '@mui/material/Stack';
import { useEffect, useSyncExternalStore } from 'react';
import { dismissToast, getToasts, startToastCountdown, subscribeToasts, type Toast } from '../../lib/toast.ts';

/**
 * Renders the toast store at the bottom (centred on phones, right on wider screens), where it never
 * covers the page header's actions at the top right.
 */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  return (
    <Stack
      spacing={1}
      aria-live="polite"
      sx={{
        position: 'fixed',
        zIndex: (theme) => theme.zIndex.snackbar,
        bottom: { xs: 16, sm: 24 },
        right: { xs: 12, sm: 24 },
        left: { xs: 12, sm: 'auto' },
        mx: { xs: 'auto', sm: 0 },
        maxWidth: { xs: 480, sm: 380 },
        width: { sm: 380 },
        pointerEvents: 'none',
      }}
    >
      {toasts.map((item) => (
        <Grow in key={item.id}>
          <ToastAlert item={item} />
        </Grow>
      ))}
    </Stack>
  );
}

/**
 * One toast. Its countdown starts when it is drawn, not when it was raised: the first toast of a
 * page waits for this component's code to load, and on a slow device that wait could otherwise
 * use up its whole time on screen. Grow hands its style and ref down through the other props.
 */
function ToastAlert({ item, ...transitionProps }: { item: Toast } & AlertProps) {
  useEffect(() => startToastCountdown(item), [item]);
  return (
    <Alert
      {...transitionProps}
      data-testid="toast"
      variant="filled"
      severity={item.severity}
      onClose={() => dismissToast(item.id)}
      sx={{ pointerEvents: 'auto', boxShadow: 6, alignItems: 'center' }}
    >
      {item.message}
    </Alert>
  );
}
