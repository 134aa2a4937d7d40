import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';

interface ListPageProps {
  /** Usually a ListPageHeader. */
  header: ReactNode;
  /** Notes between the header and the list, such as a plan limit reached. */
  notices?: ReactNode;
  /** The list, usually a DataTable given the list's query so it scrolls inside the frame. */
  children: ReactNode;
  /** What follows the frame, such as the infinite scroll's sentinel of a list the page scrolls. */
  footer?: ReactNode;
  /** The screen is as tall as the window and the list scrolls inside its frame (the default); else the page scrolls. */
  isFullHeight?: boolean;
  testId?: string;
}

/**
 * A list screen: the header, notes, and the list in an outlined frame. By default the screen is as tall as the
 * window, the header stays and the list scrolls inside its frame.
 */
export function ListPage({ header, notices, children, footer, isFullHeight = true, testId }: ListPageProps) {
  return (
    <Stack spacing={2} sx={isFullHeight ? fullHeight : undefined} data-testid={testId}>
      {header}
      {notices}
      <Paper variant="outlined" sx={isFullHeight ? scrollingFrame : { overflowX: 'auto' }}>
        {children}
      </Paper>
      {footer}
    </Stack>
  );
}

const fullHeight = { height: { xs: 'calc(100dvh - 88px)', sm: 'calc(100dvh - 112px)' }, minHeight: 360 };
const scrollingFrame = { flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column', overflow: 'hidden' };
