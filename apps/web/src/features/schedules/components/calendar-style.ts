import type { Theme } from '@mui/material/styles';
import type { SystemStyleObject } from '@mui/system';

const bordered = [
  '.rbc-month-view',
  '.rbc-time-view',
  '.rbc-agenda-view',
  '.rbc-header',
  '.rbc-day-bg + .rbc-day-bg',
  '.rbc-month-row + .rbc-month-row',
  '.rbc-time-content',
  '.rbc-time-header-content',
  '.rbc-timeslot-group',
  '.rbc-day-slot .rbc-time-slot',
  '.rbc-time-content > * + * > *',
  '.rbc-agenda-view table.rbc-agenda-table',
  '.rbc-agenda-view table.rbc-agenda-table tbody > tr > td + td',
  '.rbc-agenda-view table.rbc-agenda-table tbody > tr + tr',
  '.rbc-agenda-view table.rbc-agenda-table thead > tr > th',
]
  .map((selector) => `& ${selector}`)
  .join(', ');

/** react-big-calendar's stylesheet, recoloured from the theme (dark mode) and compacted on phones. */
export const calendarSx =
  (isPhone: boolean) =>
  (theme: Theme): SystemStyleObject<Theme> => ({
    color: 'text.primary',
    [bordered]: { borderColor: theme.palette.divider },
    '& .rbc-off-range-bg': { bgcolor: 'action.hover' },
    '& .rbc-off-range': { color: 'text.disabled' },
    '& .rbc-today': { bgcolor: 'action.selected' },
    '& .rbc-toolbar': isPhone
      ? { flexDirection: 'column', alignItems: 'stretch', gap: 1 }
      : { flexWrap: 'wrap', gap: 1, justifyContent: 'center' },
    '& .rbc-toolbar .rbc-toolbar-label': { order: isPhone ? -1 : 0, fontWeight: 600, textTransform: 'capitalize' },
    '& .rbc-toolbar .rbc-btn-group': isPhone ? { display: 'flex', '& > button': { flex: 1 } } : {},
    '& .rbc-toolbar button': {
      color: 'text.primary',
      borderColor: theme.palette.divider,
      fontSize: isPhone ? 12 : 14,
      px: isPhone ? 1 : 1.5,
    },
    '& .rbc-toolbar button:hover, & .rbc-toolbar button:focus': { bgcolor: 'action.hover', color: 'text.primary' },
    '& .rbc-toolbar button.rbc-active, & .rbc-toolbar button.rbc-active:hover, & .rbc-toolbar button.rbc-active:focus':
      {
        bgcolor: `${theme.palette.action.selected} !important`,
        color: `${theme.palette.primary.main} !important`,
        borderColor: theme.palette.divider,
        boxShadow: 'none',
        fontWeight: 600,
      },
    '& .rbc-event, & .rbc-day-slot .rbc-background-event': {
      bgcolor: 'primary.main',
      color: 'primary.contrastText',
      px: 0.5,
      py: 0,
    },
    '& .rbc-event.schedule-waiting': { bgcolor: 'warning.main', color: 'warning.contrastText' },
    '& .rbc-event.schedule-sent': { bgcolor: 'success.main', color: 'success.contrastText' },
    '& .rbc-event.schedule-error': { bgcolor: 'error.main', color: 'error.contrastText' },
    '& .rbc-agenda-view .rbc-event-content': { color: 'text.primary' },
    '& .rbc-agenda-view table.rbc-agenda-table tbody > tr': {
      bgcolor: 'transparent !important',
      color: 'text.primary',
    },
    '& .rbc-show-more': { bgcolor: 'transparent', color: 'primary.main' },
    '& .rbc-overlay': { bgcolor: 'background.paper' },
    '& .rbc-header': { fontSize: isPhone ? 11 : 13, overflow: 'hidden', textTransform: 'capitalize' },
    // Phones: the month shows names only (a tap edits); the agenda keeps edit and delete.
    '& .rbc-month-view .schedule-event-actions': isPhone ? { display: 'none' } : {},
    '& .rbc-agenda-view table.rbc-agenda-table': isPhone ? { fontSize: 12 } : {},
    '& .rbc-agenda-view .rbc-agenda-date-cell, & .rbc-agenda-view .rbc-agenda-time-cell': isPhone
      ? { whiteSpace: 'normal', px: 0.5 }
      : {},
  });
