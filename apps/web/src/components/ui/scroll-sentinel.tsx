import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useEffect, useRef } from 'react';

interface PagedList {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
  data?: { pages: unknown[] };
}

/**
 * Infinite scroll for a list the page itself scrolls: placed after the last row, it loads the next
 * page when it comes within 200 px of the screen. It looks again after each page, so a first page
 * shorter than the screen is followed by the next one without any scrolling.
 */
export function ScrollSentinel({ list, testId }: { list: PagedList; testId?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const pages = list.data?.pages.length ?? 0;
  useEffect(() => {
    const node = ref.current;
    if (!node || !hasNextPage || isFetchingNextPage || pages === 0) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void fetchNextPage();
      },
      { rootMargin: '0px 0px 200px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, pages]);
  return (
    <Box ref={ref} sx={{ display: 'flex', justifyContent: 'center', minHeight: 4 }} data-testid={testId}>
      {isFetchingNextPage && <CircularProgress size={24} />}
    </Box>
  );
}
