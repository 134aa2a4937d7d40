import type { ScheduleStatus } from '@wacrm/shared';

/** What the schedule row says and what its message says (null when it has none or it was deleted). */
export interface ScheduleStateInput {
  /** The stored status: pending, error, or `sent` meaning claimed (its message stored). */
  status: string;
  errorCode: string | null;
  /** When it was claimed: shown for schedules whose message is gone (deleted with its ticket). */
  claimedAt: Date | null;
  message: { handedOver: boolean; sentAt: Date | null; failed: boolean; sendError: string | null } | null;
}

/**
 * The status a schedule shows (docs/decisions/schedules.md, "Sent means handed to WhatsApp"): the
 * truth after the claim is its outbound message's. Stored → `waiting` until the provider takes it,
 * then `sent` with the moment it did; `error` with the message's code when it finally failed.
 */
export function scheduleStateOf(input: ScheduleStateInput): {
  status: ScheduleStatus;
  sentAt: Date | null;
  errorCode: string | null;
} {
  if (input.status !== 'sent') {
    return { status: input.status === 'error' ? 'error' : 'pending', sentAt: null, errorCode: input.errorCode };
  }
  const { message } = input;
  // The message is gone (its ticket deleted): it was claimed, and nothing says otherwise.
  if (!message) return { status: 'sent', sentAt: input.claimedAt, errorCode: null };
  // Messages sent before the hand-over time was kept have none: the claim was within a moment of it.
  if (message.handedOver) return { status: 'sent', sentAt: message.sentAt ?? input.claimedAt, errorCode: null };
  if (message.failed) return { status: 'error', sentAt: null, errorCode: message.sendError ?? 'ERR_SENDING_WAPP_MSG' };
  return { status: 'waiting', sentAt: null, errorCode: null };
}
