import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type TwoFactorRequirement, twoFactorRequirementValues } from '@wacrm/shared/auth/two-factor.schema';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-error.ts';
import { notifyError } from '../../../lib/error-message.ts';
import { toast } from '../../../lib/toast.ts';
import { authApi } from '../api/auth-api.ts';
import { useSessionUser } from '../hooks/use-auth.ts';
import { TwoFactorEnrolment } from './two-factor-enrolment.tsx';

const statusKey = ['auth', 'two-factor'] as const;
const policyKey = ['auth', 'two-factor-policy'] as const;

/** The profile's second-step block: on or off, turning it on (QR) or off (a current code). */
export function TwoFactorSection() {
  const { t } = useTranslation('auth');
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: statusKey, queryFn: authApi.twoFactorStatus });
  const [isEnrolling, setIsEnrolling] = useState(false);
  const [isDisabling, setIsDisabling] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const disable = async () => {
    try {
      await authApi.twoFactorDisable(code.replace(/\s+/g, ''));
      toast.success(t('twoFactor.disabled'));
      setIsDisabling(false);
      setCode('');
      await queryClient.invalidateQueries({ queryKey: statusKey });
    } catch (failure) {
      if (isApiError(failure) && (failure.code === 'ERR_2FA_INVALID_CODE' || failure.code === 'ERR_VALIDATION')) {
        setError(t('twoFactor.wrongCode'));
      } else notifyError(failure);
    }
  };

  const isEnabled = status.data?.enabled ?? false;
  return (
    <Stack spacing={1.5} data-testid="two-factor-section">
      <Typography variant="subtitle2">{t('twoFactor.title')}</Typography>
      <Typography variant="body2" color="text.secondary" data-testid="two-factor-status">
        {isEnabled
          ? t('twoFactor.statusOn', { count: status.data?.recoveryCodesLeft ?? 0 })
          : t(status.data?.required ? 'twoFactor.statusRequired' : 'twoFactor.statusOff')}
      </Typography>
      {status.data && !isEnabled && (
        <Button variant="outlined" onClick={() => setIsEnrolling(true)} data-testid="two-factor-start">
          {t('twoFactor.turnOn')}
        </Button>
      )}
      {isEnabled && !isDisabling && (
        <Button color="error" variant="outlined" onClick={() => setIsDisabling(true)}>
          {t('twoFactor.turnOff')}
        </Button>
      )}
      {isDisabling && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextField
            size="small"
            label={t('twoFactor.code')}
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              setError(null);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                void disable();
              }
            }}
            slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 7 } }}
            error={!!error}
            helperText={error ?? ' '}
            sx={{ flex: 1 }}
          />
          <Button color="error" onClick={() => void disable()} sx={{ mt: 0.5 }}>
            {t('twoFactor.turnOff')}
          </Button>
        </Stack>
      )}
      {user.super && <PlatformPolicyField />}
      <Dialog open={isEnrolling} onClose={() => setIsEnrolling(false)} fullWidth maxWidth="xs">
        <DialogTitle>{t('twoFactor.setupTitle')}</DialogTitle>
        <DialogContent>
          {isEnrolling && (
            <TwoFactorEnrolment
              onDone={() => {
                setIsEnrolling(false);
                void queryClient.invalidateQueries({ queryKey: statusKey });
              }}
            />
          )}
        </DialogContent>
      </Dialog>
    </Stack>
  );
}

/** The super user's platform-wide rule. */
function PlatformPolicyField() {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const policy = useQuery({ queryKey: policyKey, queryFn: authApi.twoFactorPolicy });
  if (!policy.data) return null;
  const change = async (require2fa: TwoFactorRequirement) => {
    try {
      queryClient.setQueryData(policyKey, await authApi.setTwoFactorPolicy({ require2fa }));
    } catch (failure) {
      notifyError(failure);
    }
  };
  return (
    <TextField
      select
      size="small"
      label={t('twoFactor.platformPolicy')}
      value={policy.data.require2fa}
      onChange={(event) => void change(event.target.value as TwoFactorRequirement)}
      helperText={t('twoFactor.platformPolicyHelp')}
    >
      {twoFactorRequirementValues.map((value) => (
        <MenuItem key={value} value={value}>
          {t(`twoFactor.policy.${value}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
