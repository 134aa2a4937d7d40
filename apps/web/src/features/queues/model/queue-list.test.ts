import type { QueueRecord } from '@wacrm/shared/queues/queue.schema';
import { describe, expect, it } from 'vitest';
import { applyQueueEvent, nextOptionNumber, sortQueues } from './queue-list.ts';

const queue = (id: number, name: string, orderQueue: number | null = null) =>
  ({ id, name, orderQueue, color: '#000000' }) as QueueRecord;

describe('queue list', () => {
  it('orders by order, unordered last, then by name', () => {
    const sorted = sortQueues([queue(1, 'Zeta'), queue(2, 'Beta', 2), queue(3, 'Alpha', 2), queue(4, 'First', 1)]);
    expect(sorted.map((q) => q.name)).toEqual(['First', 'Alpha', 'Beta', 'Zeta']);
  });

  it('replaces, adds and removes by event', () => {
    const list = [queue(1, 'Sales', 1), queue(2, 'Support', 2)];
    expect(applyQueueEvent(list, { action: 'update', queue: queue(2, 'Help', 0) }).map((q) => q.name)).toEqual([
      'Help',
      'Sales',
    ]);
    expect(applyQueueEvent(list, { action: 'update', queue: queue(3, 'New', 3) })).toHaveLength(3);
    expect(applyQueueEvent(list, { action: 'delete', queueId: 1 }).map((q) => q.id)).toEqual([2]);
  });

  it('proposes the next option number', () => {
    expect(nextOptionNumber([])).toBe('1');
    expect(nextOptionNumber([{ option: '1' }, { option: '4' }])).toBe('5');
  });
});
