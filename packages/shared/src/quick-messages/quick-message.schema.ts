import { z } from 'zod';
import { listQuerySchema } from '../common/pagination.ts';
import { pageSchema, timestampSchema } from '../common/route-contract.ts';

/** Quick messages per page of `GET /quick-messages`. */
export const QUICK_MESSAGES_PAGE_SIZE = 40;

/** An attachment is sent later as a message, so it gets the message media limit (16 MB). */
export const QUICK_MESSAGE_MEDIA_MAX_BYTES = 16 * 1024 * 1024;

/**
 * The quick message dialog's fields (spec: QuickMessage entity; shortcode required). `geral` makes
 * it the whole company's (admins only), otherwise it is its author's own; `status` false hides it
 * from the composer. One schema serves `POST`, `PUT` and the form; left-out flags keep their value.
 */
export const quickMessageFieldsSchema = z.object({
  shortcode: z.string({ error: 'Required' }).trim().min(1, 'Required').max(100, 'Too Long!'),
  message: z.string().max(4096, 'Too Long!').optional(),
  geral: z.boolean().optional(),
  status: z.boolean().optional(),
});
export type QuickMessageFields = z.infer<typeof quickMessageFieldsSchema>;

export const quickMessageIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** `GET /quick-messages`: `searchParam` (shortcode or text, any case) and `pageNumber`. */
export const quickMessageListQuerySchema = listQuerySchema;

/** A quick message as the API answers it. `mediaUrl` is where the attachment is served. */
export const quickMessageRecordSchema = z.object({
  id: z.number(),
  shortcode: z.string(),
  message: z.string(),
  geral: z.boolean(),
  status: z.boolean(),
  isMedia: z.boolean(),
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  mediaUrl: z.string().nullable(),
  userId: z.number().nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type QuickMessageRecord = z.input<typeof quickMessageRecordSchema>;

/** `GET /quick-messages` answer. */
export const quickMessagesPageSchema = pageSchema('records', quickMessageRecordSchema);
export type QuickMessagesPage = z.input<typeof quickMessagesPageSchema>;

/** `company-{id}-quickmessage`: personal ones reach their author only, company-wide ones everyone. */
export type QuickMessageEvent =
  | { action: 'create' | 'update'; record: QuickMessageRecord }
  | { action: 'delete'; id: number };

/**
 * The label an uploaded attachment keeps (spec: spaces become underscores). No folders, no control
 * characters, at most 200 characters; only shown and sent as the file name, never used as a path.
 */
export function toQuickMessageMediaName(filename: string): string {
  const base = (filename.split(/[\\/]/).pop() ?? '')
    .trim()
    .replace(/\s+/g, '_')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
    .replace(/[\u0000-\u001f\u007f]/g, '');
  return (base || 'file').slice(-200);
}
