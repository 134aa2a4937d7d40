import type { Theme } from '@mui/material/styles';
import type { SystemStyleObject } from '@mui/system';

/** react-big-calendar's stylesheet, recoloured from the theme (dark mode) and compacted on phones. */
export const calendarSx =
  (isPhone: boolean) =>
  (theme: Theme): SystemStyleObject<Theme> => ({
    color: 'text.primary',
    '& .rbc-month-view, & .rbc-time-view, & .rbc-agenda-view, & .rbc-header, & .rbc-day-bg + .rbc-day-bg, & .rbc-month-row + .rbc-month-row, & .rbc-time-content, & .rbc-time-header-content, & .rbc-timeslot-group, & .rbc-day-slot .rbc-time-slot, & .rbc-time-content > * + * > *, & .rbc-agenda-view table.rbc-agenda-table, & .rbc-agenda-view table.rbc-agenda-table tbody > tr > td + td, & .rbc-agenda-view table.rbc-agenda-table tbody > tr + tr, & .rbc-agenda-view table.rbc-agenda-table thead > tr > th':
      { borderColor: theme.palette.divider },
    '& .rbc-off-range-bg': { bgcolor: 'action.hover' },
    '& .rbc-off-range': { color: 'text.disabled' },
    '& .rbc-today': { bgcolor: 'action.selected' },
    '& .rbc-toolbar': { flexWrap: 'wrap', gap: 1, justifyContent: 'center' },
    '& .rbc-toolbar .rbc-toolbar-label': {
      order: isPhone ? -1 : 0,
      flexBasis: isPhone ? '100%' : 'auto',
      fontWeight: 600,
    },
    '& .rbc-toolbar button': {
      color: 'text.primary',
      borderColor: theme.palette.divider,
      fontSize: isPhone ? 12 : 14,
      px: isPhone ? 1 : 1.5,
    },
    '& .rbc-toolbar button:hover, & .rbc-toolbar button:focus': { bgcolor: 'action.hover', color: 'text.primary' },
    '& .rbc-toolbar button.rbc-active': { bgcolor: 'action.selected', color: 'text.primary', boxShadow: 'none' },
    '& .rbc-event, & .rbc-day-slot .rbc-background-event': {
      bgcolor: 'primary.main',
      color: 'primary.contrastText',
      px: 0.5,
      py: 0,
    },
    '& .rbc-event.schedule-sent': { bgcolor: 'success.main', color: 'success.contrastText' },
    '& .rbc-event.schedule-error': { bgcolor: 'error.main', color: 'error.contrastText' },
    '& .rbc-agenda-view .rbc-event-content': { color: 'text.primary' },
    '& .rbc-agenda-view table.rbc-agenda-table tbody > tr': {
      bgcolor: 'transparent !important',
      color: 'text.primary',
    },
    '& .rbc-show-more': { bgcolor: 'transparent', color: 'primary.main' },
    '& .rbc-overlay': { bgcolor: 'background.paper' },
    '& .rbc-header': { fontSize: isPhone ? 11 : 13, overflow: 'hidden' },
  });
