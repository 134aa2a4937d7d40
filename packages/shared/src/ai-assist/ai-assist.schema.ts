import { z } from 'zod';
import { aiAssistFeatures, aiAssistRewriteStyles, aiAssistUnavailableReasons } from './ai-assist.ts';

const idSchema = z.coerce.number().int().positive().max(2_147_483_647);

export const aiAssistTicketParamsSchema = z.object({ ticketId: idSchema });

/** A summary of this ticket; with `includeEarlier`, the contact's earlier tickets too. */
export const aiAssistSummaryBodySchema = z.object({ includeEarlier: z.boolean().default(false) }).default({
  includeEarlier: false,
});
export type AiAssistSummaryBody = z.infer<typeof aiAssistSummaryBodySchema>;

/** The next reply, drafted from the conversation; nothing to send but an optional empty body. */
export const aiAssistSuggestBodySchema = z.object({}).default({});

const composerText = z.string({ error: 'Required' }).trim().min(1, 'Required').max(4_000, 'Too Long!');

export const aiAssistRewriteBodySchema = z.object({
  text: composerText,
  style: z.enum(aiAssistRewriteStyles),
});
export type AiAssistRewriteBody = z.infer<typeof aiAssistRewriteBodySchema>;

/**
 * A language to translate into: a BCP 47 tag (`pt`, `en-US`), or `customer` for the language the
 * customer writes in (the model reads it from the conversation).
 */
export const aiAssistLanguageSchema = z.union([
  z.literal('customer'),
  z.string().regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,2}$/, 'A language tag such as pt or en-US'),
]);

/** A customer's message into `to` (default: the caller's interface language), or the attendant's text into `to`. */
export const aiAssistTranslateBodySchema = z.union([
  z.object({ messageId: idSchema, to: aiAssistLanguageSchema.optional() }).strict(),
  z.object({ text: composerText, to: aiAssistLanguageSchema }).strict(),
]);
export type AiAssistTranslateBody = z.infer<typeof aiAssistTranslateBodySchema>;

/**
 * What an assist answers as JSON, and the last (`done`) event of its stream. The text is only
 * shown to the attendant: nothing reaches the customer unless they send it themselves.
 */
export const aiAssistAnswerSchema = z.object({
  text: z.string(),
  usage: z.object({ inputTokens: z.number(), outputTokens: z.number() }),
});
export type AiAssistAnswer = z.infer<typeof aiAssistAnswerSchema>;

/**
 * The server-sent events of a streamed assist (`Accept: text/event-stream`): `delta` pieces of
 * text as the model writes them, then one `done` (the whole answer) or one `error` (an error body).
 */
export type AiAssistStreamEvent =
  | { event: 'delta'; data: { text: string } }
  | { event: 'done'; data: AiAssistAnswer }
  | { event: 'error'; data: { error: string; message: string } };

/** Whether each helper is on for the caller, and why not when it is off (the buttons explain it). */
export const aiAssistStatusSchema = z.object({
  available: z.boolean(),
  reason: z.enum(aiAssistUnavailableReasons).nullable(),
  features: z.array(z.enum(aiAssistFeatures)),
  monthlyTokens: z.number(),
  usedTokens: z.number(),
});
export type AiAssistStatus = z.infer<typeof aiAssistStatusSchema>;

/** `GET /api/ai-assist/usage?month=YYYY-MM` (default: this month, UTC). */
export const aiAssistUsageQuerySchema = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'A month as YYYY-MM')
    .optional(),
});
export type AiAssistUsageQuery = z.infer<typeof aiAssistUsageQuerySchema>;

const usageTotalsSchema = z.object({ requests: z.number(), inputTokens: z.number(), outputTokens: z.number() });

export const aiAssistUsageSchema = z.object({
  month: z.string(),
  /** The month's budget in input plus output tokens; 0 means no limit. */
  monthlyTokens: z.number(),
  total: usageTotalsSchema,
  byUser: z.array(
    usageTotalsSchema.extend({
      userId: z.number().nullable(),
      userName: z.string().nullable(),
      byFeature: z.record(z.string(), usageTotalsSchema),
    }),
  ),
});
export type AiAssistUsage = z.infer<typeof aiAssistUsageSchema>;
