import { z } from 'zod';
import { dbIdSchema } from '../common/db-values.ts';
import { pageSchema, timestampSchema } from '../common/route-contract.ts';

/** spec: 1 high, 2 medium, 3 low. */
export const announcementPriorities = [1, 2, 3] as const;
export type AnnouncementPriority = (typeof announcementPriorities)[number];

/** Rows per page of the super user's announcement list. */
export const ANNOUNCEMENTS_PAGE_SIZE = 20;

/** The most active announcements the top bar receives. */
export const ACTIVE_ANNOUNCEMENTS_LIMIT = 50;

/** Attachments: png, jpg, jpeg up to this size. */
export const ANNOUNCEMENT_MEDIA_MAX_BYTES = 2 * 1024 * 1024;
export const announcementMediaExtensions = ['png', 'jpg', 'jpeg'] as const;

/** The fields of an announcement, for the form and the API. spec: new ones are active with priority 3. */
export const announcementFieldsSchema = z.object({
  title: z.string().trim().min(1, 'Required').max(200, 'Too Long!'),
  text: z.string().trim().min(1, 'Required').max(5000, 'Too Long!'),
  priority: z.coerce
    .number()
    .int()
    .refine((value) => (announcementPriorities as readonly number[]).includes(value), 'Required')
    .default(3)
    .transform((value) => value as AnnouncementPriority),
  status: z.boolean().default(true),
});
export type AnnouncementFieldsInput = z.input<typeof announcementFieldsSchema>;
export type AnnouncementFields = z.output<typeof announcementFieldsSchema>;

export const announcementIdParamsSchema = z.object({ id: dbIdSchema });

/** An announcement as every client sees it. `mediaPath` is served under `/public/`. */
export const announcementSchema = z.object({
  id: z.number(),
  title: z.string(),
  text: z.string(),
  priority: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  status: z.boolean(),
  mediaPath: z.string().nullable(),
  /** A signed, expiring link to the image. */
  mediaUrl: z.string().nullable(),
  mediaName: z.string().nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Announcement = z.input<typeof announcementSchema>;

/** The super user's list (`GET /announcements`). */
export const announcementsPageSchema = pageSchema('records', announcementSchema);
export type AnnouncementPage = z.input<typeof announcementsPageSchema>;
