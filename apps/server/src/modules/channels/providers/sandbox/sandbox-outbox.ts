import type { SandboxOutboxEntry } from '@wacrm/shared';

/**
 * What the company sent through each sandbox connection, as the simulated phone sees it.
 * In memory, per process, the newest `capacity` entries per connection: enough for tests and
 * the sandbox page, gone after a restart (the stored messages are the record that lasts).
 */
export class SandboxOutbox {
  private readonly entries = new Map<number, SandboxOutboxEntry[]>();
  private readonly sequences = new Map<number, number>();

  constructor(private readonly capacity = 1_000) {}

  add(whatsappId: number, entry: Omit<SandboxOutboxEntry, 'seq'>) {
    const seq = (this.sequences.get(whatsappId) ?? 0) + 1;
    this.sequences.set(whatsappId, seq);
    const list = this.entries.get(whatsappId) ?? [];
    list.push({ ...entry, seq });
    if (list.length > this.capacity) list.splice(0, list.length - this.capacity);
    this.entries.set(whatsappId, list);
    return seq;
  }

  find(whatsappId: number, id: string) {
    return this.entries.get(whatsappId)?.find((entry) => entry.id === id) ?? null;
  }

  list(whatsappId: number, filter: { to?: string; after?: number }) {
    const to = filter.to?.replace(/\D/g, '') || filter.to;
    return (this.entries.get(whatsappId) ?? []).filter(
      (entry) => (filter.after === undefined || entry.seq > filter.after) && (!to || entry.to === to),
    );
  }

  forget(whatsappId: number) {
    this.entries.delete(whatsappId);
  }
}
