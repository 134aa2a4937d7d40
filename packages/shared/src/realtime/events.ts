import type { Announcement } from '../announcements/announcement.schema.ts';
import type { SessionUser } from '../auth/auth.schema.ts';
import type { PaymentEvent } from '../billing/invoice.schema.ts';
import type { CampaignEvent } from '../campaigns/campaign.schema.ts';
import type { ContactListEvent, ContactListItemEvent, FileListEvent } from '../campaigns/contact-list.schema.ts';
import type { ChatEvent } from '../chats/chat.schema.ts';
import type { PromptEvent } from '../integrations/prompt.schema.ts';
import type { QueueIntegrationEvent } from '../integrations/queue-integration.schema.ts';
import type { QueueRecord } from '../queues/queue.schema.ts';
import type { QuickMessageEvent } from '../quick-messages/quick-message.schema.ts';
import type { ScheduleEvent } from '../schedules/schedule.schema.ts';
import type { SlaBreachEvent } from '../sla/sla.schema.ts';
import type { TagEvent } from '../tags/tag.schema.ts';

/**
 * The Socket.IO event maps, named once for server and client.
 * Event names are the spec's: per-company events carry the company id in their name.
 */

export type CompanyEventKind =
  | 'auth'
  | 'user'
  | 'whatsapp'
  | 'whatsappSession'
  | 'ticket'
  | 'contact'
  | 'appMessage'
  | 'chat'
  | 'settings'
  | 'queue'
  | 'tag'
  | 'quickmessage'
  | 'schedule'
  | 'payment'
  | 'prompt'
  | 'queueIntegration'
  | 'ContactList'
  | 'ContactListItem'
  | 'campaign'
  | 'file'
  | 'sla';

export type CompanyEventName<K extends CompanyEventKind = CompanyEventKind> = `company-${number}-${K}`;

/** Builds the name of a per-company event, e.g. `company-1-auth`. */
export function companyEvent<K extends CompanyEventKind>(companyId: number, kind: K): `company-${number}-${K}` {
  return `company-${companyId}-${kind}`;
}

/**
 * spec: the per-list channel `company-{id}-ContactListItem-{listId}`, with the list-wide channel's
 * payload. Typed as the list-wide name: a second number in an event-name pattern makes the event
 * map too complex for TypeScript to index (TS2590).
 */
export function contactListItemEvent(companyId: number, contactListId: number): CompanyEventName<'ContactListItem'> {
  return `company-${companyId}-ContactListItem-${contactListId}` as CompanyEventName<'ContactListItem'>;
}

/** Why a company's users were sent out: the company was switched off or its due date passed. */
export type CompanyBlockReason = 'ERR_COMPANY_INACTIVE' | 'ERR_SUBSCRIPTION_EXPIRED';

/**
 * spec: `update` is the "opened elsewhere" notice for the older sessions of a user who logged in
 * again. Ours: `companyBlocked` tells every (non-super) user of a company the super user just
 * switched off, or moved past its due date, that their session has ended and why.
 */
export type AuthEvent =
  | { action: 'update'; user: { id: number } }
  | { action: 'companyBlocked'; reason: CompanyBlockReason; dueDate: string | null };

export type UserEventUser = Pick<SessionUser, 'id' | 'name' | 'email' | 'profile'> & {
  online?: boolean;
  [key: string]: unknown;
};

export type UserEvent = { action: 'create' | 'update'; user: UserEventUser } | { action: 'delete'; userId: number };

/** Events whose payloads the features that own them will narrow. */
export interface FeatureEvent {
  action: string;
  [key: string]: unknown;
}

/** spec: `company-announcement` reaches every logged-in socket; announcements are platform-wide. */
export type AnnouncementEvent =
  | { action: 'create' | 'update'; record: Announcement }
  | { action: 'delete'; id: number };

/** spec: `company-{id}-queue` tells the company's screens a queue changed or went away. */
export type QueueEvent = { action: 'update'; queue: QueueRecord } | { action: 'delete'; queueId: number };

export interface ServerToClientEvents {
  ready: () => void;
  [event: `company-${number}-auth`]: (payload: AuthEvent) => void;
  [event: `company-${number}-user`]: (payload: UserEvent) => void;
  [event: `company-${number}-whatsapp`]: (payload: FeatureEvent) => void;
  [event: `company-${number}-whatsappSession`]: (payload: FeatureEvent) => void;
  [event: `company-${number}-ticket`]: (payload: FeatureEvent) => void;
  [event: `company-${number}-contact`]: (payload: FeatureEvent) => void;
  [event: `company-${number}-appMessage`]: (payload: FeatureEvent) => void;
  [event: `company-${number}-chat`]: (payload: ChatEvent) => void;
  [event: `company-${number}-settings`]: (payload: FeatureEvent) => void;
  [event: `company-${number}-queue`]: (payload: QueueEvent) => void;
  [event: `company-${number}-tag`]: (payload: TagEvent) => void;
  [event: `company-${number}-quickmessage`]: (payload: QuickMessageEvent) => void;
  [event: `company-${number}-schedule`]: (payload: ScheduleEvent) => void;
  [event: `company-${number}-payment`]: (payload: PaymentEvent) => void;
  [event: `company-${number}-prompt`]: (payload: PromptEvent) => void;
  [event: `company-${number}-queueIntegration`]: (payload: QueueIntegrationEvent) => void;
  [event: `company-${number}-ContactList`]: (payload: ContactListEvent) => void;
  /** spec: the list-wide channel; the per-list one is named by `contactListItemEvent`. */
  [event: `company-${number}-ContactListItem`]: (payload: ContactListItemEvent) => void;
  [event: `company-${number}-campaign`]: (payload: CampaignEvent) => void;
  [event: `company-${number}-file`]: (payload: FileListEvent) => void;
  /** A service-level target missed: to the queue's supervisors' user rooms only. */
  [event: `company-${number}-sla`]: (payload: SlaBreachEvent) => void;
  'company-announcement': (payload: AnnouncementEvent) => void;
}

/** Answers a join once the socket is in its rooms: whether the join was allowed. */
export type JoinAck = (joined: boolean) => void;

/**
 * What a client may ask. Payloads are parsed on the server: types are not validation. Joins take
 * an optional acknowledgement, answered once the socket is in the rooms.
 */
export interface ClientToServerEvents {
  joinChatBox: (ticketId: string | number, ack?: JoinAck) => void;
  leaveChatBox: (ticketId: string | number) => void;
  joinNotification: (ack?: JoinAck) => void;
  leaveNotification: () => void;
  joinTickets: (status: string, ack?: JoinAck) => void;
  leaveTickets: (status: string) => void;
  userStatus: () => void;
}
