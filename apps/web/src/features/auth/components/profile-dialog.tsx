import { zodResolver } from '@hookform/resolvers/zod';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ProfileUpdateBody, profileUpdateBodySchema } from '@wacrm/shared/auth/auth.schema';
import { type ReactNode, useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialogActions } from '../../../components/ui/form-dialog-actions.tsx';
import { notifyError } from '../../../lib/error-message.ts';
import { showServerFieldErrors } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { translateValidation } from '../../../lib/validation-message.ts';
import { authApi } from '../api/auth-api.ts';
import { useAuth, useSessionUser } from '../hooks/use-auth.ts';
import { SessionsSection } from './sessions-section.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';

interface ProfileDialogProps {
  open: boolean;
  onClose: () => void;
  /** What the app adds below the form (the push notification devices). */
  extraSection?: ReactNode;
}

/**
 * Changes one's own name and, with the current password, one's password; turns the second
 * sign-in step on or off and lists the signed-in devices.
 */
export function ProfileDialog({ open, onClose, extraSection }: ProfileDialogProps) {
  const { t } = useTranslation(['auth', 'common']);
  const user = useSessionUser();
  const { setUser } = useAuth();
  const { register, handleSubmit, formState, reset, setError, watch } = useForm<ProfileUpdateBody>({
    resolver: zodResolver(profileUpdateBodySchema),
    defaultValues: { name: user.name, password: '', currentPassword: '' },
  });
  const { errors, isSubmitting } = formState;
  const isChangingPassword = !!watch('password');

  useEffect(() => {
    if (open) reset({ name: user.name, password: '', currentPassword: '' });
  }, [open, user.name, reset]);

  const handleSave = async (values: ProfileUpdateBody) => {
    // Empty password fields mean "keep my password": the server gets only what changes.
    const body: ProfileUpdateBody = values.password
      ? { name: values.name, password: values.password, currentPassword: values.currentPassword }
      : { name: values.name };
    try {
      setUser(await authApi.updateProfile(body));
      toast.success(t('profile.saved'));
      onClose();
    } catch (error) {
      showServerFieldErrors(error, setError);
      notifyError(error);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <form noValidate onSubmit={handleSubmit(handleSave)} data-testid="profile-dialog">
        <DialogTitle>{t('profile.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <TextField label={t('profile.email')} value={user.email} disabled fullWidth />
            <TextField
              {...register('name')}
              label={t('profile.name')}
              autoFocus
              fullWidth
              error={!!errors.name}
              helperText={translateValidation(errors.name?.message)}
            />
            <Typography variant="subtitle2" sx={{ pt: 1 }}>
              {t('profile.changePassword')}
            </Typography>
            <TextField
              {...register('password')}
              label={t('profile.newPassword')}
              type="password"
              autoComplete="new-password"
              fullWidth
              error={!!errors.password}
              helperText={translateValidation(errors.password?.message) ?? t('profile.passwordHint')}
            />
            {isChangingPassword && (
              <TextField
                {...register('currentPassword')}
                label={t('profile.currentPassword')}
                type="password"
                autoComplete="current-password"
                fullWidth
                error={!!errors.currentPassword}
                helperText={translateValidation(errors.currentPassword?.message)}
              />
            )}
            <Divider />
            <TwoFactorSection />
            <Divider />
            <SessionsSection />
            {extraSection && <Divider />}
            {extraSection}
          </Stack>
        </DialogContent>
        <FormDialogActions onCancel={onClose} isSubmitting={isSubmitting} submitTestId="profile-save" />
      </form>
    </Dialog>
  );
}
