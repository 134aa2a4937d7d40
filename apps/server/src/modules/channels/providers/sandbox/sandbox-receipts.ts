import type { SandboxReadReceipt } from '@wacrm/shared';

/**
 * Read receipts the product sent to the simulated phone (an attendant opened the conversation),
 * per connection, the newest `capacity` kept. In memory: a receipt is a passing signal, and the
 * stored `read` flag of a message does not say whether a receipt went out.
 */
export class SandboxReceipts {
  private readonly entries = new Map<number, SandboxReadReceipt[]>();
  private sequence = 0;

  constructor(private readonly capacity = 1_000) {}

  add(whatsappId: number, receipt: Omit<SandboxReadReceipt, 'seq'>) {
    const list = this.entries.get(whatsappId) ?? [];
    list.push({ ...receipt, seq: ++this.sequence });
    if (list.length > this.capacity) list.splice(0, list.length - this.capacity);
    this.entries.set(whatsappId, list);
  }

  list(whatsappId: number, filter: { after?: number }) {
    return (this.entries.get(whatsappId) ?? []).filter(
      (entry) => filter.after === undefined || entry.seq > filter.after,
    );
  }

  forget(whatsappId: number) {
    this.entries.delete(whatsappId);
  }
}
