import { alpha } from '@mui/material/styles';
import type { DueDateHighlight } from './due-date-highlight.ts';

/** Translucent tints, so rows stay readable in both light and dark themes. */
const base: Record<Exclude<DueDateHighlight, 'none'>, string> = {
  soon: '#fdd835',
  due: '#fb8c00',
  overdue: '#e53935',
};

export function highlightBackground(highlight: DueDateHighlight, isHovered = false): string | undefined {
  return highlight === 'none' ? undefined : alpha(base[highlight], isHovered ? 0.32 : 0.22);
}

export function highlightSwatch(highlight: Exclude<DueDateHighlight, 'none'>): string {
  return base[highlight];
}
