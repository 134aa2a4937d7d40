import { lazyNamed } from '../../../components/ui/lazy-dialog.tsx';

// The schedule form (react-hook-form, zod and the shared schema) loads when first opened, for
// the screens that show it only on demand (a contact's schedules, the ticket's header).
export const LazyScheduleDialog = lazyNamed(() =>
  import('./schedule-dialog.tsx').then((module) => module.ScheduleDialog),
);
