import Alert from '@mui/material/Alert';
import type { AiAssistUnavailableReason } from '@wacrm/shared/ai-assist/ai-assist';
import { useTranslation } from 'react-i18next';

/** Why a helper gave no answer; the composer and sending are never blocked by it. */
export function AssistError({ code }: { code: string | null }) {
  const { t } = useTranslation(['aiAssist', 'errors']);
  if (!code) return null;
  return (
    <Alert severity="warning" data-testid="assist-error" sx={{ py: 0 }}>
      {t(`errors:${code}`, { defaultValue: t('aiAssist:failed') })}
    </Alert>
  );
}

/** The sentence a disabled assist button shows in its tooltip. */
export function useUnavailableText() {
  const { t } = useTranslation('aiAssist');
  return (reason: AiAssistUnavailableReason | null) => (reason ? t(`unavailable.${reason}`) : '');
}
