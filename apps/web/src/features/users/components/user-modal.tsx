import { zodResolver } from '@hookform/resolvers/zod';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { hasPermission } from '@wacrm/shared/auth/permissions';
import { type UserFields, type UserRecord, userCreateSchema, userUpdateSchema } from '@wacrm/shared/users/user.schema';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialogActions } from '../../../components/ui/form-dialog-actions.tsx';
import { notifyError } from '../../../lib/error-message.ts';
import { showServerFieldErrors } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { translateValidation } from '../../../lib/validation-message.ts';
import { useSessionUser } from '../../auth/index.ts';
import { useConnections } from '../../connections/index.ts';
import { usersApi } from '../api/users-api.ts';
import { useQueueOptions } from '../hooks/use-users.ts';
import { QueueSelect } from './queue-select.tsx';

interface UserModalProps {
  open: boolean;
  /** The user being edited; null adds a new one. */
  user: UserRecord | null;
  onClose: () => void;
  onSaved?: (user: UserRecord) => void;
}

const emptyValues: UserFields = {
  name: '',
  email: '',
  password: '',
  profile: 'user',
  allTicket: 'desabled',
  whatsappId: null,
  queueIds: [],
  ticketCapacity: null,
};

function valuesOf(user: UserRecord | null): UserFields {
  if (!user) return emptyValues;
  return {
    name: user.name,
    email: user.email,
    password: '',
    profile: user.profile,
    allTicket: user.allTicket,
    whatsappId: user.whatsappId,
    queueIds: user.queues.map((queue) => queue.id),
    ticketCapacity: user.ticketCapacity,
  };
}

/** The user modal: name, email, password, and for admins profile, queues, default connection and allTicket. */
export function UserModal({ open, user, onClose, onSaved }: UserModalProps) {
  const { t } = useTranslation(['users', 'common']);
  const session = useSessionUser();
  const isFullScreen = useMediaQuery('(max-width:600px)');
  // spec §6: only admins edit a user's profile, queues, connection and allTicket.
  const canEditProfile = hasPermission(session, 'user-modal:editProfile');
  const canEditQueues = hasPermission(session, 'user-modal:editQueues');
  const isEditing = user !== null;
  const connections = useConnections(session.companyId, open && canEditProfile);
  const queues = useQueueOptions(session.companyId, open && canEditQueues);

  const { register, handleSubmit, control, reset, setError, formState } = useForm<UserFields>({
    resolver: zodResolver(isEditing ? userUpdateSchema : userCreateSchema),
    defaultValues: valuesOf(user),
  });
  const { errors, isSubmitting } = formState;

  useEffect(() => {
    if (open) reset(valuesOf(user));
  }, [open, user, reset]);

  const handleSave = async (values: UserFields) => {
    const body: UserFields = { name: values.name, email: values.email };
    if (values.password) body.password = values.password;
    if (canEditProfile) {
      body.profile = values.profile;
      body.allTicket = values.allTicket;
      body.whatsappId = values.whatsappId ?? null;
      body.ticketCapacity = values.ticketCapacity ?? null;
    }
    // Without the company's queues the field is not shown: the user's queues stay as they are.
    if (canEditQueues && queues.data) body.queueIds = values.queueIds;
    try {
      const saved = user
        ? await usersApi.update(user.id, body)
        : await usersApi.create({ ...body, password: values.password ?? '' });
      toast.success(t('userModal.success'));
      onSaved?.(saved);
      onClose();
    } catch (error) {
      showServerFieldErrors(error, setError, (field) => field in emptyValues);
      notifyError(error);
    }
  };

  const fieldError = (message: string | undefined) => translateValidation(message);

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" fullScreen={isFullScreen}>
      <form noValidate onSubmit={handleSubmit(handleSave)} data-testid="user-modal">
        <DialogTitle>{isEditing ? t('userModal.editTitle') : t('userModal.addTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <TextField
              {...register('name')}
              label={t('userModal.name')}
              autoFocus
              fullWidth
              error={!!errors.name}
              helperText={fieldError(errors.name?.message)}
              slotProps={{ htmlInput: { 'data-testid': 'user-name' } }}
            />
            <TextField
              {...register('email')}
              label={t('userModal.email')}
              type="email"
              autoComplete="off"
              fullWidth
              error={!!errors.email}
              helperText={fieldError(errors.email?.message)}
              slotProps={{ htmlInput: { 'data-testid': 'user-email' } }}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                {...register('password')}
                label={t('userModal.password')}
                type="password"
                autoComplete="new-password"
                fullWidth
                error={!!errors.password}
                helperText={fieldError(errors.password?.message) ?? (isEditing ? t('userModal.passwordKeep') : '')}
                slotProps={{ htmlInput: { 'data-testid': 'user-password' } }}
              />
              {canEditProfile && (
                <Controller
                  control={control}
                  name="profile"
                  render={({ field }) => (
                    <TextField
                      select
                      label={t('userModal.profile')}
                      fullWidth
                      value={field.value ?? 'user'}
                      onChange={(event) => field.onChange(event.target.value)}
                      slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'user-profile' } as object } }}
                    >
                      <MenuItem value="admin">{t('profiles.admin')}</MenuItem>
                      <MenuItem value="supervisor">{t('profiles.supervisor')}</MenuItem>
                      <MenuItem value="user">{t('profiles.user')}</MenuItem>
                    </TextField>
                  )}
                />
              )}
            </Stack>
            {canEditQueues && queues.data && (
              <Controller
                control={control}
                name="queueIds"
                render={({ field }) => (
                  <QueueSelect queues={queues.data ?? []} value={field.value ?? []} onChange={field.onChange} />
                )}
              />
            )}
            {canEditProfile && (
              <Controller
                control={control}
                name="whatsappId"
                render={({ field }) => (
                  <TextField
                    select
                    label={t('userModal.whatsapp')}
                    fullWidth
                    value={field.value ?? ''}
                    onChange={(event) => field.onChange(event.target.value === '' ? null : Number(event.target.value))}
                    helperText={t('userModal.whatsappHelp')}
                    slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
                  >
                    <MenuItem value="">
                      <em>{t('userModal.noWhatsapp')}</em>
                    </MenuItem>
                    {(connections.data ?? []).map((connection) => (
                      <MenuItem key={connection.id} value={connection.id}>
                        {connection.name}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            )}
            {canEditProfile && (
              <TextField
                {...register('ticketCapacity', {
                  setValueAs: (value) => (value === '' || value === null ? null : Number(value)),
                })}
                label={t('userModal.ticketCapacity')}
                type="number"
                error={!!errors.ticketCapacity}
                helperText={
                  errors.ticketCapacity ? t('userModal.ticketCapacityError') : t('userModal.ticketCapacityHint')
                }
                slotProps={{ htmlInput: { 'data-testid': 'user-ticket-capacity', min: 0, max: 1000, step: 1 } }}
              />
            )}
            {canEditProfile && (
              <Controller
                control={control}
                name="allTicket"
                render={({ field }) => (
                  <FormControlLabel
                    control={
                      <Switch
                        checked={field.value === 'enabled'}
                        onChange={(event) => field.onChange(event.target.checked ? 'enabled' : 'desabled')}
                        slotProps={{ input: { 'data-testid': 'user-all-ticket' } as object }}
                      />
                    }
                    label={t('userModal.allTicket')}
                  />
                )}
              />
            )}
          </Stack>
        </DialogContent>
        <FormDialogActions
          onCancel={onClose}
          isSubmitting={isSubmitting}
          submitTestId="user-save"
          submitLabel={isEditing ? undefined : t('userModal.add')}
        />
      </form>
    </Dialog>
  );
}
