import { z } from 'zod';

/**
 * Every error response of the API: a catalogue code, an English fallback text,
 * per-field messages for validation failures, and optional details
 * (for example the due date of an expired subscription).
 */
export const errorBodySchema = z.object({
  error: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  details: z.record(z.string(), z.unknown()).optional(),
});

export type ErrorBody = z.infer<typeof errorBodySchema>;
