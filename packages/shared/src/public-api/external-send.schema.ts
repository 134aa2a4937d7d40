import { z } from 'zod';
import { MESSAGE_MEDIA_MAX_BYTES } from '../messages/message.schema.ts';

/**
 * The external messages API (`POST /api/messages/send`, authenticated by a connection's token).
 * A number is country code + area code + number (spec: "with an example of 13 digits"); spaces,
 * dashes, dots, parentheses and a leading + are accepted and dropped, anything else is refused.
 */
export const EXTERNAL_NUMBER_MIN_DIGITS = 10;
export const EXTERNAL_NUMBER_MAX_DIGITS = 15;

export const externalNumberSchema = z
  .string()
  .trim()
  .max(40)
  .refine((value) => /^\+?[\d\s().-]+$/.test(value), { message: 'Only digits, with country and area code' })
  .transform((value) => value.replace(/\D/g, ''))
  .refine((digits) => digits.length >= EXTERNAL_NUMBER_MIN_DIGITS && digits.length <= EXTERNAL_NUMBER_MAX_DIGITS, {
    message: `Country code + area code + number: ${EXTERNAL_NUMBER_MIN_DIGITS} to ${EXTERNAL_NUMBER_MAX_DIGITS} digits`,
  })
  .meta({ description: 'Country code + area code + number, e.g. 5511999998888', example: '5511999998888' });

/** JSON variant: `{number, body}`; the body is required (and not blank) without files. */
export const externalSendSchema = z
  .object({
    number: externalNumberSchema,
    body: z
      .string()
      .max(4096)
      .refine((value) => value.trim().length > 0, { message: 'Required' }),
  })
  .meta({ id: 'ExternalSendJson' });
export type ExternalSendInput = z.infer<typeof externalSendSchema>;

/** Multipart variant: the same text fields, files under `medias` (the body is the first caption). */
export const externalSendFieldsSchema = z
  .object({
    number: externalNumberSchema,
    body: z.string().max(4096).optional().default(''),
  })
  .meta({ id: 'ExternalSendMultipartFields' });

/** For the document only: how the multipart body looks on the wire. */
export const externalSendMultipartDocSchema = z
  .object({
    number: z.string().meta({ example: '5511999998888' }),
    body: z.string().optional(),
    medias: z
      .array(z.string().meta({ format: 'binary' }))
      .min(1)
      .max(10),
  })
  .meta({
    id: 'ExternalSendMultipart',
    description: `Up to 10 files, each at most ${MESSAGE_MEDIA_MAX_BYTES / 1024 / 1024} MB; executables are refused.`,
  });

export const EXTERNAL_MEDIA_MAX_FILES = 10;

/** Where a message sent through the API is now. */
export const externalMessageStatuses = ['queued', 'sent', 'delivered', 'read', 'failed'] as const;
export type ExternalMessageStatus = (typeof externalMessageStatuses)[number];

export const externalMessageSchema = z
  .object({
    id: z.number().int(),
    ticketId: z.number().int(),
    contactId: z.number().int(),
    number: z.string(),
    ack: z.number().int().meta({ description: '0 waiting, 1 sent, 2 delivered, 3 read, 4 played' }),
    status: z.enum(externalMessageStatuses),
    sendError: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'ExternalMessage' });
export type ExternalMessage = z.infer<typeof externalMessageSchema>;

/** `201` answer: the first message (the text, or the first file with the text as caption) and all ids. */
export const externalSendAnswerSchema = externalMessageSchema
  .extend({
    messageIds: z.array(z.number().int()),
    queued: z.boolean().meta({
      description:
        'true when the connection is not connected: sent, in order, when it is back (up to 3 days; then status failed)',
    }),
  })
  .meta({ id: 'ExternalSendAnswer' });
export type ExternalSendAnswer = z.infer<typeof externalSendAnswerSchema>;

export const externalMessageParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

/** `Idempotency-Key`: a retried request with the same key answers the first result. */
export const idempotencyKeySchema = z.string().trim().min(1).max(200);

export function externalStatusOf(message: { ack: number; failed?: boolean }): ExternalMessageStatus {
  if (message.failed) return 'failed';
  if (message.ack >= 3) return 'read';
  if (message.ack === 2) return 'delivered';
  if (message.ack === 1) return 'sent';
  return 'queued';
}
