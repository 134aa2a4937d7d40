import type { AiAssistFeature } from '@wacrm/shared/ai-assist/ai-assist';
import { aiAssistRoutes } from '@wacrm/shared/ai-assist/ai-assist.routes';
import type { AiAssistAnswer } from '@wacrm/shared/ai-assist/ai-assist.schema';
import { routePath } from '@wacrm/shared/common/route-path';
import { ticketNoteRoutes } from '@wacrm/shared/ticket-notes/ticket-note.routes';
import { http } from '../../../lib/api.ts';
import { ApiError } from '../../../lib/api-error.ts';

export const aiAssistKeys = {
  status: (companyId: number) => ['ai-assist', 'status', companyId] as const,
  usage: (companyId: number, month: string) => ['ai-assist', 'usage', companyId, month] as const,
};

/**
 * Runs a helper on a ticket as a stream: `onDelta` gets each piece as the model writes it; the
 * promise answers the whole text, or fails with the server's error (an ApiError, not toasted: the
 * caller shows it where the answer would have been). Aborting `signal` cancels it.
 */
async function runAssist(
  feature: AiAssistFeature,
  ticketId: number,
  body: unknown,
  options: { signal: AbortSignal; onDelta: (text: string) => void },
): Promise<AiAssistAnswer | null> {
  let answer: AiAssistAnswer | null = null;
  let failure: ApiError | null = null;
  await http.stream(routePath(aiAssistRoutes[feature], { ticketId }), body, {
    signal: options.signal,
    silent: true,
    onEvent: (event, data) => {
      if (event === 'delta') options.onDelta((data as { text: string }).text);
      if (event === 'done') answer = data as AiAssistAnswer;
      if (event === 'error') failure = new ApiError(502, data as { error: string; message: string });
    },
  });
  if (failure) throw failure;
  return answer;
}

export const aiAssistApi = {
  status: () => http.call(aiAssistRoutes.status),
  usage: (month: string) => http.call(aiAssistRoutes.usage, { query: { month } }),
  run: runAssist,
  /** "Copy to note": the summary becomes a note of the ticket (the ticket notes' own route). */
  addNote: (ticketId: number, contactId: number, note: string) =>
    http.call(ticketNoteRoutes.create, { body: { ticketId, contactId, note } }),
};
