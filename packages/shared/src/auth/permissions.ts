/** spec: user profiles. The super flag is separate and stacks on either. */
export const profiles = ['admin', 'user'] as const;
export type Profile = (typeof profiles)[number];

/** spec: the admin's static permissions. The user profile has none. */
export const adminPermissions = [
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
export type Permission = (typeof adminPermissions)[number];

const permissionsByProfile: Record<Profile, readonly Permission[]> = {
  admin: adminPermissions,
  user: [],
};

/** Whether a user of this profile holds a static permission; used by server policies and the menu alike. */
export function hasPermission(user: { profile: Profile }, permission: Permission): boolean {
  return permissionsByProfile[user.profile].includes(permission);
}

export const allTicketValues = ['enabled', 'desabled'] as const;
export type AllTicket = (typeof allTicketValues)[number];
