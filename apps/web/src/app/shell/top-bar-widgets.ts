import type { ComponentType } from 'react';
import { AnnouncementsPopover } from '../../features/announcements/components/announcements-popover.tsx';
import { NotificationsBell } from '../../features/tickets/components/notifications-bell.tsx';

/**
 * Slot for the top bar's later widgets (notification bell, announcements popover,
 * internal chat popover): their issues add a component here, the bar renders them in order.
 */
export const topBarWidgets: ComponentType[] = [NotificationsBell, AnnouncementsPopover];
