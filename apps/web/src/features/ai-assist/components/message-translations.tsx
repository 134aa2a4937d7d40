import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-error.ts';
import { useSessionUser } from '../../auth/index.ts';
import { aiAssistApi } from '../api/ai-assist-api.ts';
import { useAssistStatus } from '../hooks/use-assist.ts';
import { useUnavailableText } from './assist-error.tsx';

interface Translation {
  text: string;
  isRunning: boolean;
  error: string | null;
}

interface TranslationsValue {
  /** False when the company's assist does not translate (plan, admin, helper off): no entry. */
  isTranslateOn: boolean;
  /** Why translating is on but cannot run now (over budget, no key): the entry shows it, disabled. */
  translateOffReason: string | null;
  translations: ReadonlyMap<number, Translation>;
  translate: (messageId: number) => void;
  cancel: (messageId: number) => void;
  hide: (messageId: number) => void;
}

const TranslationsContext = createContext<TranslationsValue | null>(null);

/**
 * Translations of a ticket's customer messages into the attendant's interface language, asked one
 * message at a time and kept beside the original while the ticket is open.
 */
export function MessageTranslationsProvider({ ticketId, children }: { ticketId: number; children: ReactNode }) {
  const user = useSessionUser();
  const { i18n } = useTranslation();
  const status = useAssistStatus(user.companyId);
  const unavailableText = useUnavailableText();
  const [translations, setTranslations] = useState<Map<number, Translation>>(new Map());
  const running = useRef(new Map<number, AbortController>());

  const put = useCallback((messageId: number, change: Partial<Translation> | null) => {
    setTranslations((current) => {
      const next = new Map(current);
      if (change === null) next.delete(messageId);
      else next.set(messageId, { text: '', isRunning: false, error: null, ...current.get(messageId), ...change });
      return next;
    });
  }, []);

  const cancel = useCallback(
    (messageId: number) => {
      running.current.get(messageId)?.abort();
      running.current.delete(messageId);
      put(messageId, { isRunning: false });
    },
    [put],
  );

  const translate = useCallback(
    (messageId: number) => {
      running.current.get(messageId)?.abort();
      const controller = new AbortController();
      running.current.set(messageId, controller);
      put(messageId, { text: '', isRunning: true, error: null });
      let text = '';
      aiAssistApi
        .run(
          'translate',
          ticketId,
          { messageId, to: i18n.language.slice(0, 2) },
          {
            signal: controller.signal,
            onDelta: (piece) => {
              text += piece;
              put(messageId, { text });
            },
          },
        )
        .then((answer) => {
          if (!controller.signal.aborted) put(messageId, { text: answer?.text ?? text, isRunning: false });
        })
        .catch((error) => {
          if (controller.signal.aborted) return;
          put(messageId, { isRunning: false, error: isApiError(error) ? error.code : 'ERR_AI_ASSIST_PROVIDER' });
        });
    },
    [ticketId, i18n.language, put],
  );

  useEffect(() => {
    const current = running.current;
    return () => {
      for (const controller of current.values()) controller.abort();
    };
  }, []);

  // `features` names the helpers switched on even while the assist cannot run (budget, key).
  const isTranslateOn = Boolean(status.data?.features.includes('translate'));
  const translateOffReason =
    isTranslateOn && !status.data?.available ? unavailableText(status.data?.reason ?? null) : null;
  const value = useMemo(
    () => ({ isTranslateOn, translateOffReason, translations, translate, cancel, hide: (id: number) => put(id, null) }),
    [isTranslateOn, translateOffReason, translations, translate, cancel, put],
  );
  return <TranslationsContext.Provider value={value}>{children}</TranslationsContext.Provider>;
}

/** What a bubble's menu needs: whether to offer "Translate", why it is off, and the action. */
export function useMessageTranslations() {
  return useContext(TranslationsContext);
}

/** The translation under a customer's message, streamed as it is written. */
export function MessageTranslation({ messageId }: { messageId: number }) {
  const { t } = useTranslation(['aiAssist', 'errors']);
  const context = useContext(TranslationsContext);
  const translation = context?.translations.get(messageId);
  if (!context || !translation) return null;
  return (
    <Box
      sx={{ mt: 0.75, pt: 0.5, borderTop: 1, borderColor: 'divider', typography: 'body2', whiteSpace: 'pre-wrap' }}
      data-testid="message-translation"
    >
      <Typography variant="caption" color="text.secondary" component="div">
        {translation.isRunning ? t('translation.running') : t('translation.label')}
      </Typography>
      {translation.error ? (
        <Typography variant="body2" color="warning.main">
          {t(`errors:${translation.error}`, { defaultValue: t('failed') })}
        </Typography>
      ) : (
        <span data-testid="message-translation-text">{translation.text}</span>
      )}
      <Box>
        <Button
          size="small"
          sx={{ minWidth: 0, p: 0, mt: 0.25 }}
          onClick={() => (translation.isRunning ? context.cancel(messageId) : context.hide(messageId))}
          data-testid="message-translation-close"
        >
          {translation.isRunning ? t('cancel') : t('translation.hide')}
        </Button>
      </Box>
    </Box>
  );
}
