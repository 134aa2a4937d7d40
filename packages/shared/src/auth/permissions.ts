/**
 * Company profiles (spec, tools §1: admin, supervisor and user). The super flag is separate and
 * stacks on any of them. docs/decisions/profiles.md is this table in words.
 */
export const profiles = ['admin', 'supervisor', 'user'] as const;
export type Profile = (typeof profiles)[number];

/** spec: the admin's static permissions (core §6). */
const specAdminPermissions = [
  'dashboard:view',
  'drawer-admin-items:view',
  'tickets-manager:showall',
  'user-modal:editProfile',
  'user-modal:editQueues',
  'ticket-options:deleteTicket',
  'contacts-page:deleteContact',
  'connections-page:actionButtons',
  'connections-page:addConnection',
  'connections-page:editOrDeleteConnection',
] as const;

/** Ours: what the supervisor profile shares with admins, named once instead of "is admin" checks. */
const sharedPermissions = [
  /** Every ticket of the company: lists, threads, rooms, the bell and the kanban board. */
  'tickets:viewAll',
  /** spec tools §6: admin and supervisor may set a tag's kanban flag. */
  'tags:setKanban',
  /** The order of the kanban board's lanes. */
  'kanban:orderLanes',
  /** Quick messages for the whole company (`geral`). */
  'quick-messages:manageCompany',
  /** Everyone's figures in the reports (attendants see only their own). */
  'reports:viewAll',
] as const;

export const adminPermissions = [...specAdminPermissions, ...sharedPermissions] as const;
export type Permission = (typeof adminPermissions)[number];

/**
 * The one permission table: server guards and policies, the menu and the screens all read it.
 * Supervisor: everything an attendant can do, plus every ticket of the company, the kanban flag and
 * lane order, company-wide quick messages and the dashboard; not users, connections, queues,
 * settings, campaigns or billing (those hang on `drawer-admin-items:view` and the admin ones).
 */
export const permissionsByProfile: Record<Profile, readonly Permission[]> = {
  admin: adminPermissions,
  supervisor: ['dashboard:view', 'tickets-manager:showall', ...sharedPermissions],
  user: [],
};

/** Whether a user of this profile holds a static permission; used by server policies and the menu alike. */
export function hasPermission(user: { profile: Profile | string }, permission: Permission): boolean {
  return (permissionsByProfile[user.profile as Profile] ?? []).includes(permission);
}

export const allTicketValues = ['enabled', 'desabled'] as const;
export type AllTicket = (typeof allTicketValues)[number];
