import type { QueueRecord } from '@wacrm/shared/queues/queue.schema';
import type { QueueEvent } from '@wacrm/shared/realtime/events';

/** spec: queues listed by their order (unordered last), then by name; the server answers the same. */
export function sortQueues(list: readonly QueueRecord[]): QueueRecord[] {
  return [...list].sort(
    (a, b) =>
      (a.orderQueue ?? Number.POSITIVE_INFINITY) - (b.orderQueue ?? Number.POSITIVE_INFINITY) ||
      a.name.localeCompare(b.name) ||
      a.id - b.id,
  );
}

/** Applies a `company-{id}-queue` event: an update replaces or adds the queue, a delete removes it. */
export function applyQueueEvent(list: readonly QueueRecord[], event: QueueEvent): QueueRecord[] {
  if (event.action === 'delete') return list.filter((queue) => queue.id !== event.queueId);
  const others = list.filter((queue) => queue.id !== event.queue.id);
  return sortQueues([...others, event.queue]);
}

/** The next free option number at one level of the menu: one past the highest. */
export function nextOptionNumber(siblings: readonly { option: string }[]): string {
  const highest = siblings.reduce((max, sibling) => Math.max(max, Number(sibling.option) || 0), 0);
  return String(highest + 1);
}
