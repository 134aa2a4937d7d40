import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TwoFactorEnableAnswer, TwoFactorSetupAnswer } from '@wacrm/shared/auth/two-factor.schema';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QrCodeView } from '../../../components/ui/qr-code-view.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { notifyError } from '../../../lib/error-message.ts';
import { authApi } from '../api/auth-api.ts';

interface TwoFactorEnrolmentProps {
  /** The sign-in's set-up-only token, when the company required the second step. */
  setupToken?: string;
  /** After the recovery codes were shown and the user went on. */
  onDone: (answer: TwoFactorEnableAnswer) => void;
}

/** Scan the QR code (or type the secret), confirm with a code, then keep the recovery codes. */
export function TwoFactorEnrolment({ setupToken, onDone }: TwoFactorEnrolmentProps) {
  const { t } = useTranslation('auth');
  const [setup, setSetup] = useState<TwoFactorSetupAnswer | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [enabled, setEnabled] = useState<TwoFactorEnableAnswer | null>(null);

  useEffect(() => {
    let isCurrent = true;
    authApi
      .twoFactorSetup(setupToken)
      .then((answer) => isCurrent && setSetup(answer))
      .catch(notifyError);
    return () => {
      isCurrent = false;
    };
  }, [setupToken]);

  const confirm = async () => {
    if (!/^\d{6}$/.test(code.replace(/\s+/g, ''))) {
      setError(t('twoFactor.codeFormat'));
      return;
    }
    setIsSubmitting(true);
    try {
      setEnabled(await authApi.twoFactorEnable(code.replace(/\s+/g, ''), setupToken));
    } catch (failure) {
      if (isApiError(failure) && failure.code === 'ERR_2FA_INVALID_CODE') setError(t('twoFactor.wrongCode'));
      else notifyError(failure);
    } finally {
      setIsSubmitting(false);
    }
  };

  if (enabled) {
    return (
      <Stack spacing={2} data-testid="two-factor-recovery">
        <Alert severity="success">{t('twoFactor.enabled')}</Alert>
        <Typography variant="body2">{t('twoFactor.recoveryIntro')}</Typography>
        <Box
          component="ul"
          data-testid="recovery-codes"
          sx={{
            m: 0,
            p: 1.5,
            listStyle: 'none',
            display: 'grid',
            gridTemplateColumns: 'repeat(2, 1fr)',
            gap: 1,
            fontFamily: 'monospace',
            fontSize: '0.95rem',
            bgcolor: 'action.hover',
            borderRadius: 1,
          }}
        >
          {enabled.recoveryCodes.map((recoveryCode) => (
            <li key={recoveryCode}>{recoveryCode}</li>
          ))}
        </Box>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={() => void navigator.clipboard?.writeText(enabled.recoveryCodes.join('\n'))}>
            {t('twoFactor.copy')}
          </Button>
          <Button variant="contained" onClick={() => onDone(enabled)} data-testid="two-factor-done">
            {t('twoFactor.saved')}
          </Button>
        </Stack>
      </Stack>
    );
  }

  if (!setup) return <CircularProgress sx={{ alignSelf: 'center' }} />;
  return (
    <Stack spacing={2} sx={{ alignItems: 'stretch' }} data-testid="two-factor-enrolment">
      <Typography variant="body2">{t('twoFactor.scanIntro')}</Typography>
      <Box sx={{ alignSelf: 'center' }}>
        <QrCodeView value={setup.otpauthUri} size={200} label={t('twoFactor.qrLabel')} />
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('twoFactor.secretIntro')}
      </Typography>
      <Typography
        data-testid="two-factor-secret"
        sx={{ fontFamily: 'monospace', wordBreak: 'break-all', textAlign: 'center', userSelect: 'all' }}
      >
        {setup.secret}
      </Typography>
      <TextField
        label={t('twoFactor.code')}
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          setError(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            void confirm();
          }
        }}
        slotProps={{
          htmlInput: {
            inputMode: 'numeric',
            autoComplete: 'one-time-code',
            maxLength: 7,
            'data-testid': 'two-factor-enrol-code',
          },
        }}
        error={!!error}
        helperText={error ?? ' '}
        fullWidth
      />
      <Button variant="contained" loading={isSubmitting} onClick={() => void confirm()} data-testid="two-factor-enable">
        {t('twoFactor.turnOn')}
      </Button>
    </Stack>
  );
}
