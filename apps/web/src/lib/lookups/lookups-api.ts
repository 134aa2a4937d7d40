import { connectionRoutes } from '@wacrm/shared/connections/connection.routes';
import { contactRoutes } from '@wacrm/shared/contacts/contact.routes';
import type { ContactRecord } from '@wacrm/shared/messages/message.schema';
import { queueRoutes } from '@wacrm/shared/queues/queue.routes';
import { tagRoutes } from '@wacrm/shared/tags/tag.routes';
import type { TagOption } from '@wacrm/shared/tags/tag.schema';
import { userRoutes } from '@wacrm/shared/users/user.routes';
import { http } from '../api.ts';

/**
 * The company's lists that pickers of several features choose from (queues, connections, users,
 * tags, contacts). They live here, outside the features, so that e.g. schedules and contacts can
 * pick a connection without importing tickets.
 */
export const lookupKeys = {
  queues: (companyId: number) => ['lookups', companyId, 'queues'] as const,
  connections: (companyId: number) => ['lookups', companyId, 'connections'] as const,
  users: (companyId: number) => ['lookups', companyId, 'users'] as const,
  tags: (companyId: number) => ['lookups', companyId, 'tags'] as const,
  contacts: (companyId: number, search: string) => ['lookups', companyId, 'contacts', search] as const,
  queuePicker: ['lookups', 'queue-picker'] as const,
  workload: (companyId: number, userId: number) => ['lookups', companyId, 'workload', userId] as const,
};

export type ContactOption = Pick<ContactRecord, 'id' | 'name' | 'number' | 'profilePicUrl'>;

export const lookupsApi = {
  queues: () => http.call(queueRoutes.list),
  // Silent: the connection and prompt dialogs show the failure under their queue field.
  silentQueues: () => http.call(queueRoutes.list, { silent: true }),
  connections: () => http.call(connectionRoutes.list, { query: { session: 0 } }),
  users: () => http.call(userRoutes.options),
  /** A user's open tickets against their capacity; silent: a notice that cannot be worded is left out. */
  workload: (userId: number) => http.call(userRoutes.workload, { params: { id: userId }, silent: true }),
  tags: (): Promise<TagOption[]> => http.call(tagRoutes.list),
  /** Contact search: the first page of `GET /contacts` (name or number). */
  contacts: async (searchParam: string): Promise<ContactOption[]> =>
    (await http.call(contactRoutes.page, { query: { searchParam, pageNumber: 1 } })).contacts,
};
