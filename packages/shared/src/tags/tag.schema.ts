import { z } from 'zod';
import { listQuerySchema } from '../common/pagination.ts';
import { pageSchema, timestampSchema } from '../common/route-contract.ts';

/** Tags per page of `GET /tags/` (the tags screen's infinite scroll). */
export const TAGS_PAGE_SIZE = 40;

/** The colour a tag gets when none is sent (the database default). */
export const DEFAULT_TAG_COLOR = '#5C6BC0';

/** Swatches offered by the tag dialog; any other hex colour may be typed. */
export const tagColorPalette = [
  '#5C6BC0',
  '#1E88E5',
  '#00ACC1',
  '#43A047',
  '#7CB342',
  '#FDD835',
  '#FB8C00',
  '#F4511E',
  '#E53935',
  '#D81B60',
  '#8E24AA',
  '#6D4C41',
  '#546E7A',
] as const;

/**
 * The colour offered for a new tag: the first swatch no tag of the company uses yet, so tags made
 * one after another are told apart; when every swatch is taken, they repeat in order.
 */
export function nextTagColor(usedColors: readonly string[]): string {
  const used = new Set(usedColors.map((color) => color.toLowerCase()));
  return (
    tagColorPalette.find((color) => !used.has(color.toLowerCase())) ??
    tagColorPalette[usedColors.length % tagColorPalette.length]
  );
}

const TAG_COLOR_PATTERN = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;

/**
 * The tag dialog's fields (spec: Tag entity and validation: name required, at least 3 characters).
 * One schema serves `POST /tags`, `PUT /tags/{id}` and the form. `kanban` is 0 or 1 as in the spec;
 * only admins may change it (docs/decisions/tags-and-quick-messages.md). `userId`, which the spec's
 * client sends on save, is accepted and ignored: the author comes from the token.
 */
export const tagFieldsSchema = z.object({
  name: z.string({ error: 'Required' }).trim().min(1, 'Required').min(3, 'Too Short!').max(100, 'Too Long!'),
  color: z.string({ error: 'Required' }).trim().regex(TAG_COLOR_PATTERN, 'Invalid color'),
  kanban: z.union([z.literal(0), z.literal(1)]).optional(),
});
export type TagFields = z.infer<typeof tagFieldsSchema>;

export const tagIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** `GET /tags/`: `searchParam` (matched lower-cased, spec) and `pageNumber`. */
export const tagListQuerySchema = listQuerySchema;

const idSchema = z.coerce.number().int().positive().max(2_147_483_647);

/** `POST /tags/sync`: the ticket's whole tag set (an empty list clears it). */
export const tagSyncSchema = z.object({
  ticketId: idSchema,
  tags: z
    .array(z.object({ id: idSchema }).loose())
    .max(100, 'Too many tags')
    .default([]),
});
export type TagSync = z.infer<typeof tagSyncSchema>;

/** A tag as the API answers it; `ticketsCount` counts the company's tickets that carry it. */
export const tagRecordSchema = z.object({
  id: z.number(),
  name: z.string(),
  color: z.string(),
  kanban: z.union([z.literal(0), z.literal(1)]),
  /** The lane's place on the kanban board (lanes are ordered by it, then by name). */
  kanbanOrder: z.number(),
  ticketsCount: z.number(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type TagRecord = z.input<typeof tagRecordSchema>;

/** What a ticket shows of a tag (the ticket record's `tags`, the pickers). */
export const tagOptionSchema = tagRecordSchema.pick({ id: true, name: true, color: true });
export type TagOption = z.input<typeof tagOptionSchema>;

/** `GET /tags/` answer. */
export const tagsPageSchema = pageSchema('tags', tagRecordSchema);
export type TagsPage = z.input<typeof tagsPageSchema>;

/** `company-{id}-tag` (spec "Realtime": create, update, delete). */
export type TagEvent = { action: 'create' | 'update'; tag: TagRecord } | { action: 'delete'; tagId: number };
