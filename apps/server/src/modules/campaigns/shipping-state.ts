/**
 * What one shipping record shows in the report's CSV (docs/decisions/campaigns.md, "Report"): a
 * claimed record (`sent`) is `waiting` until WhatsApp takes its message, then `sent` with that
 * moment, or `failed` when the message gave up. pending, invalid and optout are as stored.
 */
export function shippingStateOf(row: {
  shipping: { status: string; sentAt: Date | null };
  messageId: number | null;
  handedOver: boolean | null;
  failed: boolean | null;
  messageSentAt: Date | null;
}): { status: string; sentAt: Date | null } {
  const { shipping } = row;
  if (shipping.status !== 'sent') return { status: shipping.status, sentAt: null };
  // The message is gone (its ticket deleted): it was claimed, and nothing says otherwise.
  if (row.messageId === null) return { status: 'sent', sentAt: shipping.sentAt };
  // Messages sent before the hand-over time was kept have none: the claim was within a moment of it.
  if (row.handedOver) return { status: 'sent', sentAt: row.messageSentAt ?? shipping.sentAt };
  if (row.failed) return { status: 'failed', sentAt: null };
  return { status: 'waiting', sentAt: null };
}
