import { MESSAGE_EDIT_WINDOW_MS, type MessageRecord } from '@wacrm/shared/messages/message.schema';

type EditableFields = Pick<
  MessageRecord,
  'fromMe' | 'userId' | 'mediaType' | 'isDeleted' | 'isSystem' | 'failed' | 'ack' | 'createdAt'
>;

/** A plain text message: no file, location, contact card or call (only those can be edited on WhatsApp). */
export function isTextMessage(message: Pick<MessageRecord, 'mediaType'>): boolean {
  return !message.mediaType || message.mediaType === 'chat';
}

/** When WhatsApp stops accepting edits of a message: 15 minutes after it was sent. */
export function editWindowEndsAt(message: Pick<MessageRecord, 'createdAt'>): Date {
  return new Date(new Date(message.createdAt).getTime() + MESSAGE_EDIT_WINDOW_MS);
}

/**
 * Whether the attendant `userId` may edit `message` at `now`: their own typed text that left for
 * WhatsApp (not failed, at least one tick) and is still inside the edit window. The server
 * checks the same rules; the menu uses this to show its Edit item only when it would succeed.
 */
export function canEditMessage(message: EditableFields, userId: number, now: Date): boolean {
  return (
    message.fromMe &&
    message.userId === userId &&
    isTextMessage(message) &&
    !message.isDeleted &&
    !message.isSystem &&
    !message.failed &&
    message.ack >= 1 &&
    now < editWindowEndsAt(message)
  );
}

/** Whether a message takes reactions: not deleted, and a WhatsApp message (a call record is only our note). */
export function canReactTo(message: Pick<MessageRecord, 'isDeleted' | 'mediaType'>): boolean {
  return !message.isDeleted && message.mediaType !== 'call_log';
}

/** An attendant's edit that did not reach WhatsApp: the message is sent, its text is the earlier one. */
export function hasFailedEdit(message: Pick<MessageRecord, 'failed' | 'sendError'>): boolean {
  return !message.failed && message.sendError === 'ERR_EDIT_WAPP_MSG';
}

/**
 * The original of a deleted message, when the company lets this viewer read it (the server
 * empties body and media for everyone else): a greyed copy under the "deleted" label.
 */
export function hasReadableOriginal(message: Pick<MessageRecord, 'isDeleted' | 'body' | 'mediaUrl'>): boolean {
  return message.isDeleted && (message.body.trim().length > 0 || Boolean(message.mediaUrl));
}

/** One text a message had, and when it was written. */
export interface MessageVersion {
  body: string;
  writtenAt: string;
  isCurrent: boolean;
}

/**
 * Every text of an edited message, oldest first: `editHistory` keeps what it said until each
 * edit, so a version was written when the one before it was replaced (the first when sent).
 */
export function messageVersions(message: Pick<MessageRecord, 'body' | 'createdAt' | 'editHistory'>): MessageVersion[] {
  const versions: MessageVersion[] = [];
  let writtenAt = message.createdAt;
  for (const edit of message.editHistory) {
    versions.push({ body: edit.body, writtenAt, isCurrent: false });
    writtenAt = edit.editedAt;
  }
  versions.push({ body: message.body, writtenAt, isCurrent: true });
  return versions;
}

/** The attendant's signature the server puts before a signed text: `*Name:*` on its own line. */
const SIGNATURE = /^\*[^*\n]+:\*\n/;

/**
 * A sent text as its edit box shows it: the signature stays out of reach (it is who wrote it,
 * not what), and goes back in front of the new text on saving.
 */
export function splitSignature(body: string): { signature: string; text: string } {
  const signature = SIGNATURE.exec(body)?.[0] ?? '';
  return { signature, text: body.slice(signature.length) };
}
