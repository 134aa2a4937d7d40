import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface ChartCardProps {
  title: string;
  subtitle?: string;
  action?: ReactNode;
  isLoading: boolean;
  isEmpty: boolean;
  emptyText: string;
  testId: string;
  children: ReactNode;
}

/** A titled panel holding one chart, with its loading and empty states. */
export function ChartCard({
  title,
  subtitle,
  action,
  isLoading,
  isEmpty,
  emptyText,
  testId,
  children,
}: ChartCardProps) {
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} data-testid={testId}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5, minHeight: 32 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h6" component="h2" noWrap>
            {title}
          </Typography>
          {subtitle && (
            <Typography variant="body2" color="text.secondary" noWrap>
              {subtitle}
            </Typography>
          )}
        </Box>
        {action}
      </Stack>
      <Box sx={{ height: 280, position: 'relative' }}>
        {isLoading ? (
          <Skeleton variant="rounded" height="100%" />
        ) : isEmpty ? (
          <Box
            sx={{ height: '100%', display: 'grid', placeItems: 'center', color: 'text.secondary' }}
            data-testid={`${testId}-empty`}
          >
            <Typography variant="body2">{emptyText}</Typography>
          </Box>
        ) : (
          children
        )}
      </Box>
    </Paper>
  );
}
