import { z } from 'zod';
import { dbCounterSchema } from '../common/db-values.ts';
import { reactionEmojiSchema } from '../messages/message.schema.ts';

export const sandboxParamsSchema = z.object({ whatsappId: z.coerce.number().int().positive().max(2_147_483_647) });

/** A customer message delivered as WhatsApp would (docs/sandbox.md). */
export const sandboxInboundSchema = z
  .object({
    /** The customer's number; digits are kept. */
    from: z.string().trim().min(1).max(50),
    name: z.string().trim().max(200).optional(),
    body: z.string().max(65_536).optional(),
    media: z
      .object({
        filename: z.string().trim().min(1).max(255),
        mimetype: z.string().trim().min(3).max(100),
        base64: z.string().min(1),
      })
      .optional(),
    /** Lets a caller deliver the same message twice. */
    id: z.string().trim().min(1).max(200).optional(),
    groupId: z.string().trim().min(1).max(100).optional(),
    groupName: z.string().trim().max(200).optional(),
    quotedId: z.string().trim().min(1).max(200).optional(),
    /** The company's own phone wrote it (recorded as fromMe). */
    fromMe: z.boolean().optional(),
  })
  .refine((value) => (value.body ?? '').length > 0 || value.media, {
    message: 'body or media required',
    path: ['body'],
  })
  .refine((value) => value.from.replace(/\D/g, '').length >= 5, { message: 'Invalid number', path: ['from'] });
export type SandboxInbound = z.infer<typeof sandboxInboundSchema>;

const customerNumberSchema = z
  .string()
  .trim()
  .min(1)
  .max(50)
  .refine((value) => value.replace(/\D/g, '').length >= 5, { message: 'Invalid number' });

/** The external id of a message of the chat (the id `inbound` answered, or an outbox entry's `id`). */
const targetIdSchema = z.string().trim().min(1).max(200);

/**
 * The customer `from` edits their own message `id` (the id `inbound` answered) to `body`, as
 * WhatsApp's "Edit" does. In a group, `groupId` names the chat and `from` the participant.
 */
export const sandboxEditSchema = z.object({
  from: customerNumberSchema,
  id: targetIdSchema,
  body: z
    .string()
    .max(65_536)
    .refine((body) => body.trim().length > 0, { message: 'Required' }),
  groupId: z.string().trim().min(1).max(100).optional(),
});
export type SandboxEdit = z.infer<typeof sandboxEditSchema>;

/** The customer `from` deletes their own message `id` for everyone. */
export const sandboxRevokeSchema = z.object({
  from: customerNumberSchema,
  id: targetIdSchema,
  groupId: z.string().trim().min(1).max(100).optional(),
});
export type SandboxRevoke = z.infer<typeof sandboxRevokeSchema>;

/**
 * The customer `from` reacts to a message `id` of their chat (their own or the company's) with
 * one emoji; an empty emoji removes their reaction, a new one replaces it.
 */
export const sandboxReactSchema = z.object({
  from: customerNumberSchema,
  id: targetIdSchema,
  emoji: reactionEmojiSchema,
  groupId: z.string().trim().min(1).max(100).optional(),
});
export type SandboxReact = z.infer<typeof sandboxReactSchema>;

/** What `edit`, `revoke` and `react` answer: the target message's id, as given. */
export const sandboxCustomerActionAnswerSchema = z.object({ id: z.string() });

/** A customer calls the simulated phone. */
export const sandboxCallSchema = z.object({
  from: z
    .string()
    .trim()
    .min(1)
    .max(50)
    .refine((value) => value.replace(/\D/g, '').length >= 5, { message: 'Invalid number' }),
  name: z.string().trim().max(200).optional(),
  video: z.boolean().optional(),
});
export type SandboxCall = z.infer<typeof sandboxCallSchema>;

/** How the simulated phone's call ended: declined by the product, or left ringing for a person. */
export const sandboxCallAnswerSchema = z.object({ id: z.string(), status: z.enum(['declined', 'ringing']) });
export type SandboxCallAnswer = z.input<typeof sandboxCallAnswerSchema>;

export const sandboxOutboxQuerySchema = z.object({
  to: z.string().trim().max(100).optional(),
  /** Only entries with a sequence number greater than this. */
  after: dbCounterSchema.optional(),
});

export const sandboxAckSchema = z.object({
  id: z.string().trim().min(1).max(200),
  ack: z.coerce.number().int().min(1).max(5),
});

/** What the company sent through a sandbox connection, as the simulated phone sees it. */
export const sandboxOutboxEntrySchema = z.object({
  /** Increases by one per entry of a connection; use it as `after`. */
  seq: z.number(),
  id: z.string(),
  to: z.string(),
  isGroup: z.boolean(),
  body: z.string(),
  /** `voiceNote`: sent as a push-to-talk voice note (Ogg/Opus). */
  media: z
    .object({ filename: z.string(), mimetype: z.string(), url: z.string().nullable(), voiceNote: z.boolean() })
    .nullable(),
  quotedId: z.string().nullable(),
  ack: z.number(),
  deleted: z.boolean(),
  /** An attendant edited it after sending: `body` is the text the customer now sees. */
  edited: z.boolean(),
  time: z.string(),
});
export type SandboxOutboxEntry = z.input<typeof sandboxOutboxEntrySchema>;

export const sandboxReceiptsQuerySchema = z.object({
  /** Only receipts with a sequence number greater than this. */
  after: dbCounterSchema.optional(),
});

/** A read receipt the company's side sent to the simulated phone for a customer's message. */
export const sandboxReadReceiptSchema = z.object({
  /** Increases with each receipt; use it as `after`. */
  seq: z.number(),
  /** The customer's message that was read (the id `inbound` answered). */
  id: z.string(),
  /** The customer's number, or the group id. */
  chatId: z.string(),
  time: z.string(),
});
export type SandboxReadReceipt = z.input<typeof sandboxReadReceiptSchema>;

export const sandboxReactionsQuerySchema = z.object({
  /** Only reactions in this chat (a customer's number, or a group id). */
  to: z.string().trim().max(100).optional(),
});

/** The company's current reaction to a message of a sandbox chat, as the simulated phone shows it. */
export const sandboxReactionSchema = z.object({
  /** The message reacted to: an id `inbound` answered, or an outbox entry's `id`. */
  id: z.string(),
  /** The customer's number, or the group id. */
  chatId: z.string(),
  emoji: z.string(),
  time: z.string(),
});
export type SandboxReaction = z.input<typeof sandboxReactionSchema>;

/**
 * A customer of a sandbox connection: someone with a ticket on it, whichever browser played them,
 * so the sandbox page lists the company's customers rather than only those it added itself.
 */
export const sandboxCustomerRecordSchema = z.object({
  /** Digits for a person, the group id for a group. */
  number: z.string(),
  name: z.string(),
  isGroup: z.boolean(),
});
export type SandboxCustomerRecord = z.input<typeof sandboxCustomerRecordSchema>;
