import { z } from 'zod';

const idSchema = z.coerce.number().int().positive().max(2_147_483_647);

/**
 * What the customer types to pick an option: digits only, so it never collides with the
 * chatbot's own keys (e.g. `#` to go back), and compared by value (`01` is `1`).
 */
export const QUEUE_OPTION_PATTERN = /^\d{1,4}$/;

/** The fields of one chatbot option (spec: Queue option entity). */
export const queueOptionFieldsSchema = z.object({
  title: z.string({ error: 'Required' }).trim().min(1, 'Required').max(200, 'Too Long!'),
  message: z.string().max(4000, 'Too Long!').nullable().optional(),
  option: z.string({ error: 'Required' }).trim().min(1, 'Required').regex(QUEUE_OPTION_PATTERN, 'Digits only'),
});
export type QueueOptionFields = z.infer<typeof queueOptionFieldsSchema>;

/** `POST /queue-options`: the option, its queue and its parent (null or absent at the root). */
export const queueOptionCreateSchema = queueOptionFieldsSchema.extend({
  queueId: idSchema,
  parentId: idSchema.nullable().optional(),
});
export type QueueOptionCreate = z.infer<typeof queueOptionCreateSchema>;

/** `PUT /queue-options/{id}`: the fields, and optionally a new parent in the same queue (null: the root). */
export const queueOptionUpdateSchema = queueOptionFieldsSchema.extend({
  parentId: idSchema.nullable().optional(),
});
export type QueueOptionUpdate = z.infer<typeof queueOptionUpdateSchema>;

/** `GET /queue-options?queueId=&parentId=`: parentId absent or -1 is the root level (spec). */
export const queueOptionListQuerySchema = z.object({
  queueId: idSchema,
  parentId: z.coerce
    .number()
    .int()
    .min(-1)
    .max(2_147_483_647)
    .optional()
    .transform((value) => (value === undefined || value === -1 ? null : value))
    .refine((value) => value === null || value > 0, 'Invalid parent'),
});

export const queueOptionIdParamsSchema = z.object({ id: idSchema });

/** An option as the API answers it, with its sub-options (spec: "nested children"). */
export interface QueueOptionRecord {
  id: number;
  queueId: number;
  parentId: number | null;
  title: string;
  message: string | null;
  option: string;
  children: QueueOptionRecord[];
}

// Named: the nested children refer to it in the OpenAPI document.
export const queueOptionRecordSchema: z.ZodType<QueueOptionRecord, QueueOptionRecord> = z
  .object({
    id: z.number(),
    queueId: z.number(),
    parentId: z.number().nullable(),
    title: z.string(),
    message: z.string().nullable(),
    option: z.string(),
    get children() {
      return z.array(queueOptionRecordSchema);
    },
  })
  .meta({ id: 'QueueOptionRecord' });

/** The option a customer types, as stored: `007` is `7`. */
export function normalizeOptionNumber(option: string) {
  return String(Number.parseInt(option.trim(), 10));
}
