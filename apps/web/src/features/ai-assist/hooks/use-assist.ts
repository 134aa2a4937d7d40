import { useQuery } from '@tanstack/react-query';
import type { AiAssistFeature } from '@wacrm/shared/ai-assist/ai-assist';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../lib/api-error.ts';
import { aiAssistApi, aiAssistKeys } from '../api/ai-assist-api.ts';

/** Which helpers are on for the company, and why not (the buttons explain it). */
export function useAssistStatus(companyId: number) {
  return useQuery({ queryKey: aiAssistKeys.status(companyId), queryFn: aiAssistApi.status, staleTime: 60_000 });
}

export interface AssistRunState {
  text: string;
  isRunning: boolean;
  /** An error code (ERR_AI_ASSIST_PROVIDER, ERR_AI_ASSIST_UNAVAILABLE…) or null. */
  error: string | null;
}

const idle: AssistRunState = { text: '', isRunning: false, error: null };

/**
 * One helper's run at a time: the text grows as it streams, `cancel` stops it (the server stops
 * the provider), and a new start cancels the one before. Nothing here sends anything to a customer.
 */
export function useAssistRun(ticketId: number, onSettled?: () => void) {
  const [state, setState] = useState<AssistRunState>(idle);
  const controller = useRef<AbortController | null>(null);
  const settled = useRef(onSettled);
  settled.current = onSettled;

  const cancel = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setState((current) => ({ ...current, isRunning: false }));
  }, []);

  const start = useCallback(
    async (feature: AiAssistFeature, body: unknown, onDelta?: (text: string) => void) => {
      controller.current?.abort();
      const own = new AbortController();
      controller.current = own;
      setState({ text: '', isRunning: true, error: null });
      let text = '';
      try {
        const answer = await aiAssistApi.run(feature, ticketId, body, {
          signal: own.signal,
          onDelta: (piece) => {
            text += piece;
            setState((current) => ({ ...current, text }));
            onDelta?.(text);
          },
        });
        if (own.signal.aborted) return null;
        const final = answer?.text ?? text.trim();
        setState({ text: final, isRunning: false, error: null });
        return final;
      } catch (error) {
        if (own.signal.aborted) return null;
        setState({
          text,
          isRunning: false,
          error: isApiError(error) ? (error.code ?? 'ERR_AI_ASSIST_PROVIDER') : 'ERR_AI_ASSIST_PROVIDER',
        });
        return null;
      } finally {
        if (controller.current === own) controller.current = null;
        settled.current?.();
      }
    },
    [ticketId],
  );

  const reset = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setState(idle);
  }, []);

  // Leaving the ticket stops what is still streaming.
  useEffect(() => () => controller.current?.abort(), []);

  return { ...state, start, cancel, reset };
}
