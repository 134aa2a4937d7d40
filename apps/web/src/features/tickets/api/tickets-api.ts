import type { ConnectionRecord } from '@wacrm/shared/connections/connection.schema';
import type { ContactRecord, TicketRecord } from '@wacrm/shared/messages/message.schema';
import type { QueueRecord } from '@wacrm/shared/queues/queue.schema';
import type { UserOption } from '@wacrm/shared/users/user.schema';
import { http } from '../../../lib/api.ts';
import { isApiError } from '../../../lib/api-error.ts';
import type { TicketStatus, TicketsPage } from '../model/ticket-list.ts';

/** The filters of one list; the search tab has no status. */
export interface TicketListParams {
  status?: TicketStatus;
  searchParam: string;
  tags: number[];
  users: number[];
  /** The manager always sends its selection; the bell leaves it out (the server cuts to the user's queues). */
  queueIds?: number[];
  showAll: boolean;
  withUnreadMessages?: boolean;
}

export const ticketsKeys = {
  all: ['tickets'] as const,
  lists: (companyId: number) => ['tickets', 'list', companyId] as const,
  list: (companyId: number, params: TicketListParams) => ['tickets', 'list', companyId, params] as const,
  bell: (companyId: number) => ['tickets', 'bell', companyId] as const,
  // The same key as the conversation's, so the page's access check and the thread share one request.
  byUuid: (uuid: string) => ['tickets', 'uuid', uuid] as const,
  queues: (companyId: number) => ['tickets', 'lookups', companyId, 'queues'] as const,
  connections: (companyId: number) => ['tickets', 'lookups', companyId, 'connections'] as const,
  users: (companyId: number) => ['tickets', 'lookups', companyId, 'users'] as const,
  tags: (companyId: number) => ['tickets', 'lookups', companyId, 'tags'] as const,
  contacts: (companyId: number, search: string) => ['tickets', 'lookups', companyId, 'contacts', search] as const,
};

export interface TagOption {
  id: number;
  name: string;
  color: string;
}

export type ContactOption = Pick<ContactRecord, 'id' | 'name' | 'number' | 'profilePicUrl'>;

/** `POST /tickets` body (spec: contactId, queueId, whatsappId, userId, status). */
export interface NewTicketBody {
  contactId: number;
  queueId: number | null;
  whatsappId: number;
  userId: number;
  status: 'open';
}

/** `details.ticket` of a 409 `ERR_OTHER_OPEN_TICKET` (docs/decisions/tickets.md). */
export interface OtherOpenTicket {
  id: number;
  uuid: string;
  userId: number | null;
  userName: string | null;
  queueName: string | null;
  status: TicketStatus;
}

/** `PUT /tickets/{id}` body (spec: status, userId, queueId, whatsappId, useIntegration, promptId, integrationId). */
export interface TicketChangeBody {
  status?: TicketStatus;
  userId?: number | null;
  queueId?: number | null;
  whatsappId?: number;
  useIntegration?: boolean;
  promptId?: number | null;
  integrationId?: number | null;
}

/** A list whose feature has not landed on this server yet answers 404: read that as "none". */
async function optionalList<T>(path: string, query?: Record<string, string>): Promise<T[] | null> {
  try {
    const answer = await http.get<unknown>(path, { silent: true, query });
    if (Array.isArray(answer)) return answer as T[];
    const wrapped = answer as { contacts?: T[]; tags?: T[]; records?: T[] } | null;
    return wrapped?.contacts ?? wrapped?.tags ?? wrapped?.records ?? [];
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 403)) return null;
    throw error;
  }
}

export const ticketsApi = {
  /** The first page without a cursor, the next ones after the previous page's `nextCursor`. */
  page: (params: TicketListParams, before: string | null, signal?: AbortSignal) =>
    http.get<TicketsPage>('/api/tickets', {
      query: {
        status: params.status,
        searchParam: params.searchParam || undefined,
        tags: params.tags.length ? params.tags : undefined,
        users: params.users.length ? params.users : undefined,
        queueIds: params.queueIds,
        showAll: params.showAll,
        withUnreadMessages: params.withUnreadMessages,
        before: before ?? undefined,
      },
      signal,
    }),
  /** Silent: the page turns "no permission" into its own toast and a redirect. */
  byUuid: (uuid: string) => http.get<TicketRecord>(`/api/tickets/u/${encodeURIComponent(uuid)}`, { silent: true }),
  /** Silent: callers explain ERR_OTHER_OPEN_TICKET (reopen, connection move) and toast the rest. */
  update: (id: number, body: TicketChangeBody) => http.put<TicketRecord>(`/api/tickets/${id}`, body, { silent: true }),
  /** Silent: the modal explains ERR_OTHER_OPEN_TICKET itself. */
  create: (body: NewTicketBody) => http.post<TicketRecord>('/api/tickets', body, { silent: true }),
  remove: (id: number) => http.delete(`/api/tickets/${id}`),

  queues: () => http.get<QueueRecord[]>('/api/queue'),
  connections: () => http.get<ConnectionRecord[]>('/api/whatsapp', { query: { session: 0 } }),
  users: () => http.get<UserOption[]>('/api/users/list'),
  /** null while the tags feature is not on this server: the tag filter hides itself. */
  tags: () => optionalList<TagOption>('/api/tags/list'),
  /**
   * Contact search for the new-ticket modal. null while the contacts API is not on this server;
   * `/contacts/list` is the fallback when only the simple list exists.
   */
  async contacts(searchParam: string): Promise<ContactOption[] | null> {
    const page = await optionalList<ContactOption>('/api/contacts', { searchParam, pageNumber: '1' });
    if (page !== null) return page;
    const all = await optionalList<ContactOption>('/api/contacts/list');
    if (all === null) return null;
    const needle = searchParam.toLowerCase();
    return all.filter((contact) => contact.name.toLowerCase().includes(needle) || contact.number.includes(needle));
  },
};
