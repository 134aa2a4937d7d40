import { randomUUID } from 'node:crypto';
import type { WebhookEnvelope, WebhookEventType } from '@wacrm/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { DomainEvent } from '../../platform/realtime/domain-events.ts';
import type { WebhooksRepository } from './webhooks.repository.ts';

/** How long a process trusts its copy of a company's endpoints (other processes' edits). */
const ENDPOINTS_TTL_MS = 5_000;
/** A ticket first seen this long after it was made is announced as updated, not created. */
const CREATED_WINDOW_MS = 60_000;

/**
 * Turns the company's domain events into deliveries: one event id, one stored body, one row per
 * subscribed endpoint of THAT company (the event's own company id picks the endpoints, so one
 * company's events never reach another's), then one job each. The row is the outbox: a process
 * that dies after storing it and before its job is sent leaves it pending, and the sweep
 * (`webhooks.sweep`, and once at start-up) sends the job.
 */
export function createWebhooksDispatcher(deps: {
  repository: WebhooksRepository;
  enqueue: (companyId: number, deliveryId: number) => Promise<void>;
  clock: () => Date;
  log: FastifyBaseLogger;
}) {
  const { repository } = deps;
  const cache = new Map<number, { at: number; endpoints: { id: number; events: WebhookEventType[] }[] }>();

  async function endpointsOf(companyId: number) {
    const cached = cache.get(companyId);
    if (cached && Date.now() - cached.at < ENDPOINTS_TTL_MS) return cached.endpoints;
    const endpoints = await repository.activeEndpoints(companyId);
    cache.set(companyId, { at: Date.now(), endpoints });
    return endpoints;
  }

  async function queue(
    companyId: number,
    type: WebhookEventType,
    data: Record<string, unknown>,
    dedupeKey: string | null,
  ) {
    const endpoints = (await endpointsOf(companyId)).filter((endpoint) => endpoint.events.includes(type));
    if (endpoints.length === 0) return;
    const envelope: WebhookEnvelope = {
      id: randomUUID(),
      type,
      createdAt: deps.clock().toISOString(),
      companyId,
      data,
    };
    const body = JSON.stringify(envelope);
    const inserted = await repository.insertDeliveries(
      companyId,
      endpoints.map((endpoint) => ({
        endpointId: endpoint.id,
        eventId: envelope.id,
        eventType: type,
        dedupeKey,
        body,
      })),
    );
    for (const row of inserted) await deps.enqueue(companyId, row.id);
  }

  async function wants(companyId: number, types: WebhookEventType[]) {
    return (await endpointsOf(companyId)).some((endpoint) => types.some((type) => endpoint.events.includes(type)));
  }

  async function handle(event: DomainEvent) {
    const { companyId } = event;
    switch (event.type) {
      case 'message.created': {
        const { message } = event;
        const data = { message, ticketId: message.ticketId, contactId: message.contactId };
        return queue(companyId, 'message.created', data, `message.created:${message.id}`);
      }
      case 'message.updated': {
        const { message, change } = event;
        const data = { message, ticketId: message.ticketId, contactId: message.contactId };
        // What a person changed: told once per change (intake and the outbound path announce
        // only real changes; the dedupe keys stop a second telling of the same one).
        if (change?.kind === 'edit') {
          const edits = message.editHistory.length;
          return queue(companyId, 'message.updated', data, `message.updated:${message.id}:${edits}`);
        }
        if (change?.kind === 'delete') {
          return queue(companyId, 'message.deleted', data, `message.deleted:${message.id}`);
        }
        if (change?.kind === 'reaction') {
          return queue(companyId, 'message.reaction', { ...data, reaction: change.reaction }, null);
        }
        // Acks only move forward: one delivery per message and ack, whichever path told it; a
        // message that could not be sent is told once more, as failed.
        const state = message.failed ? 'failed' : message.ack;
        return queue(companyId, 'message.ack', data, `message.ack:${message.id}:${state}`);
      }
      case 'ticket.changed': {
        if (!(await wants(companyId, ['ticket.created', 'ticket.updated']))) return;
        const { ticket } = event;
        const change = await repository.noteTicketState(companyId, ticket);
        if (!change) return;
        const isNew =
          change === 'created' && deps.clock().getTime() - new Date(ticket.createdAt).getTime() < CREATED_WINDOW_MS;
        return queue(companyId, isNew ? 'ticket.created' : 'ticket.updated', { ticket }, null);
      }
      case 'contact.created':
      case 'contact.updated':
        return queue(companyId, event.type, { contact: event.contact }, null);
    }
  }

  return {
    /**
     * The domain-event listener: never throws into the emitter, logs what failed. It answers the
     * work's promise so the bus can wait for the deliveries to be stored (`settled`).
     */
    listen(event: DomainEvent): Promise<void> {
      return handle(event).catch((error) =>
        deps.log.warn({ err: error, type: event.type }, 'webhook event not queued'),
      );
    },
    forget(companyId: number) {
      cache.delete(companyId);
    },
  };
}
