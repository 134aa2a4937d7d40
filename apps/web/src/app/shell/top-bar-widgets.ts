import type { ComponentType } from 'react';
import { AnnouncementsPopover } from '../../features/announcements/components/announcements-popover.tsx';
import { ChatsPopover } from '../../features/chats/components/chats-popover.tsx';
import { NotificationsBell } from '../../features/tickets/components/notifications-bell.tsx';
import { PauseToggle } from '../../features/users/components/pause-toggle.tsx';

/**
 * The top bar's widgets, rendered in order; a feature adds its own here.
 */
export const topBarWidgets: ComponentType[] = [PauseToggle, NotificationsBell, AnnouncementsPopover, ChatsPopover];
