import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

export function CenteredSpinner({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <Box
      role="progressbar"
      aria-busy
      sx={{ display: 'grid', placeItems: 'center', minHeight: fullScreen ? '100dvh' : 240, width: '100%' }}
    >
      <CircularProgress size={32} />
    </Box>
  );
}
