import Box from '@mui/material/Box';
import { useMemo } from 'react';
import { encodeQrCode } from '../../lib/qr-code.ts';

/** Light margin around the code, in modules, as scanners expect. */
const QUIET_ZONE = 4;

/** Draws a QR code as SVG, always dark on white (a dark theme must not invert it). */
export function QrCodeView({ value, size = 256, label }: { value: string; size?: number; label: string }) {
  const path = useMemo(() => {
    const modules = encodeQrCode(value);
    let d = '';
    modules.forEach((row, y) => {
      row.forEach((isDark, x) => {
        if (isDark) d += `M${x + QUIET_ZONE} ${y + QUIET_ZONE}h1v1h-1z`;
      });
    });
    return { d, dimension: modules.length + QUIET_ZONE * 2 };
  }, [value]);
  return (
    <Box
      component="svg"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${path.dimension} ${path.dimension}`}
      shapeRendering="crispEdges"
      data-testid="qr-code-image"
      sx={{ width: size, maxWidth: '100%', height: 'auto', display: 'block', borderRadius: 1, bgcolor: '#fff' }}
    >
      <rect width="100%" height="100%" fill="#fff" />
      <path d={path.d} fill="#000" />
    </Box>
  );
}
