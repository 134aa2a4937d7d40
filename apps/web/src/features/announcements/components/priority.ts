import type { AnnouncementPriority } from '@wacrm/shared/announcements/announcement.schema';

/** spec: 1 high, 2 medium, 3 low — shown red, amber and teal everywhere. */
export const priorityColor: Record<AnnouncementPriority, 'error' | 'warning' | 'info'> = {
  1: 'error',
  2: 'warning',
  3: 'info',
};

export const priorityLabelKey: Record<AnnouncementPriority, string> = {
  1: 'priority.high',
  2: 'priority.medium',
  3: 'priority.low',
};
