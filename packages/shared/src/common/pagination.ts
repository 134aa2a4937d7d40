import { z } from 'zod';

/** Page numbers start at 1. */
export const pageNumberSchema = z.coerce.number().int().min(1).max(100_000).default(1);

export const listQuerySchema = z.object({
  searchParam: z.string().trim().max(200).optional().default(''),
  pageNumber: pageNumberSchema,
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/** Page sizes of the server's lists (contacts, tags: `CONTACTS_PAGE_SIZE`, `TAGS_PAGE_SIZE` beside their schemas). */
export const pageSizes = {
  users: 40,
  tickets: 40,
  messages: 20,
  companies: 40,
} as const;
