import { z } from 'zod';
import { parseYoutubeVideoId } from './youtube.ts';

/** Validation messages of the help form; the web translates them by these texts. */
export const helpValidationMessages = {
  invalidVideo: 'Invalid YouTube video',
  invalidLink: 'Invalid link',
} as const;

/** The fields of a help video, for the super user's form and the API. `video` comes out as the bare id. */
export const helpFieldsSchema = z.object({
  title: z.string().trim().min(1, 'Required').max(200, 'Too Long!'),
  description: z.string().trim().max(2000, 'Too Long!').default(''),
  video: z
    .string()
    .trim()
    .min(1, 'Required')
    .max(300, helpValidationMessages.invalidVideo)
    .transform((value, context) => {
      const id = parseYoutubeVideoId(value);
      if (!id) {
        context.addIssue({ code: 'custom', message: helpValidationMessages.invalidVideo });
        return z.NEVER;
      }
      return id;
    }),
  link: z
    .string()
    .trim()
    .max(500, 'Too Long!')
    .refine((value) => value === '' || /^https?:\/\/[^\s]+$/i.test(value), helpValidationMessages.invalidLink)
    // The form sends its parsed output, where an empty link is already null.
    .nullish()
    .transform((value) => value || null),
});
export type HelpFieldsInput = z.input<typeof helpFieldsSchema>;
export type HelpFields = z.output<typeof helpFieldsSchema>;

export const helpSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  /** YouTube video id. */
  video: z.string(),
  link: z.string().nullable(),
});
export type Help = z.input<typeof helpSchema>;
