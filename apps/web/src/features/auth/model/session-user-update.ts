import type { SessionUser } from '@wacrm/shared/auth/auth.schema';
import { allTicketValues, profiles } from '@wacrm/shared/auth/permissions';
import type { UserEvent } from '@wacrm/shared/realtime/events';

type QueueRef = SessionUser['queues'][number];

const isQueueList = (value: unknown): value is QueueRef[] =>
  Array.isArray(value) && value.every((queue) => typeof queue?.id === 'number' && typeof queue?.name === 'string');

const sameQueues = (a: QueueRef[], b: QueueRef[]) =>
  a.length === b.length &&
  a.every((queue, index) => queue.id === b[index].id && queue.name === b[index].name && queue.color === b[index].color);

/**
 * The session user after a `company-{id}-user` event: an admin's edit of this user (profile,
 * allTicket, queues, default connection, name, email) takes effect without a new login. Presence
 * heartbeats carry only a few fields and other users' events change nothing: the same object comes
 * back then, so nothing re-renders.
 */
export function applyUserEventToSession(session: SessionUser, event: UserEvent): SessionUser {
  if (event.action !== 'update' || event.user.id !== session.id) return session;
  const incoming = event.user;
  const next: SessionUser = { ...session };
  if (typeof incoming.name === 'string') next.name = incoming.name;
  if (typeof incoming.email === 'string') next.email = incoming.email;
  if (profiles.includes(incoming.profile)) next.profile = incoming.profile;
  const allTicket = incoming.allTicket as SessionUser['allTicket'];
  if (allTicketValues.includes(allTicket)) next.allTicket = allTicket;
  if (incoming.whatsappId === null || typeof incoming.whatsappId === 'number') next.whatsappId = incoming.whatsappId;
  if (isQueueList(incoming.queues)) {
    const queues = incoming.queues.map(({ id, name, color }) => ({ id, name, color }));
    if (!sameQueues(queues, session.queues)) next.queues = queues;
  }
  const isChanged =
    next.name !== session.name ||
    next.email !== session.email ||
    next.profile !== session.profile ||
    next.allTicket !== session.allTicket ||
    next.whatsappId !== session.whatsappId ||
    next.queues !== session.queues;
  return isChanged ? next : session;
}
