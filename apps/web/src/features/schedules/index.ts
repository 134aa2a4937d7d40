// What other features use of schedules: a contact's schedules, the schedule dialog, and whether the
// plan allows them.
export { ContactSchedules } from './components/contact-schedules.tsx';
export { ScheduleDialog } from './components/schedule-dialog.tsx';
export { useSchedulesAllowed } from './hooks/use-schedules.ts';
