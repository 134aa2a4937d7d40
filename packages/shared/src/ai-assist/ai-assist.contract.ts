import { defineRoute } from '../common/route-contract.ts';
import {
  aiAssistAnswerSchema,
  aiAssistRewriteBodySchema,
  aiAssistStatusSchema,
  aiAssistSuggestBodySchema,
  aiAssistSummaryBodySchema,
  aiAssistTicketParamsSchema,
  aiAssistTranslateBodySchema,
  aiAssistUsageQuerySchema,
  aiAssistUsageSchema,
} from './ai-assist.schema.ts';

const answer = aiAssistAnswerSchema.meta({
  description: 'JSON; or, with `Accept: text/event-stream`, `delta` events then one `done` (this) or `error`',
});

/** The AI assist of a ticket (issue 51): each answers JSON, or streams with `Accept: text/event-stream`. */
export const aiAssistRoutes = {
  summary: defineRoute({
    method: 'POST',
    path: '/api/tickets/:ticketId/assist/summary',
    params: aiAssistTicketParamsSchema,
    body: aiAssistSummaryBodySchema,
    response: answer,
  }),
  suggest: defineRoute({
    method: 'POST',
    path: '/api/tickets/:ticketId/assist/suggest',
    params: aiAssistTicketParamsSchema,
    body: aiAssistSuggestBodySchema,
    response: answer,
  }),
  rewrite: defineRoute({
    method: 'POST',
    path: '/api/tickets/:ticketId/assist/rewrite',
    params: aiAssistTicketParamsSchema,
    body: aiAssistRewriteBodySchema,
    response: answer,
  }),
  translate: defineRoute({
    method: 'POST',
    path: '/api/tickets/:ticketId/assist/translate',
    params: aiAssistTicketParamsSchema,
    body: aiAssistTranslateBodySchema,
    response: answer,
  }),
  /** Every user: which helpers are on, for the buttons. */
  status: defineRoute({ method: 'GET', path: '/api/ai-assist/status', response: aiAssistStatusSchema }),
  /** Admins: tokens by attendant and helper for a month. */
  usage: defineRoute({
    method: 'GET',
    path: '/api/ai-assist/usage',
    query: aiAssistUsageQuerySchema,
    response: aiAssistUsageSchema,
  }),
};
