// What other features use of schedules: a contact's schedules, the schedule dialog (also as one
// loaded when first opened), and whether the plan allows them.
export { ContactSchedules } from './components/contact-schedules.tsx';
export { LazyScheduleDialog } from './components/lazy-schedule-dialog.ts';
export { ScheduleDialog } from './components/schedule-dialog.tsx';
export { useSchedulesAllowed } from './hooks/use-schedules.ts';
