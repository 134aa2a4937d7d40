import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { CHAT_TITLE_MAX_LENGTH, type ChatRecord, chatFieldsSchema } from '@wacrm/shared/chats/chat.schema';
import type { UserOption } from '@wacrm/shared/users/user.schema';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialogActions } from '../../../components/ui/form-dialog-actions.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useSessionUser } from '../../auth/index.ts';
import { usersApi, usersKeys } from '../../users/index.ts';
import { chatsApi } from '../api/chats-api.ts';

interface ChatDialogProps {
  open: boolean;
  /** The chat to edit; null creates one. */
  chat: ChatRecord | null;
  onClose: () => void;
  onSaved: (chat: ChatRecord) => void;
}

interface FormValues {
  title: string;
  users: number[];
}

const validationKeys: Record<string, string> = {
  Required: 'dialog.titleRequired',
  'Too Long!': 'dialog.titleTooLong',
  'Pick at least one user': 'dialog.usersRequired',
};

/** spec: the new/edit chat dialog; a title and at least one other user are required. */
export function ChatDialog({ open, chat, onClose, onSaved }: ChatDialogProps) {
  const { t } = useTranslation(['chats', 'common']);
  const me = useSessionUser();
  const isPhone = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const [formError, setFormError] = useState<string | null>(null);
  const users = useQuery({ queryKey: usersKeys.options(me.companyId), queryFn: usersApi.options, enabled: open });
  const others = (users.data ?? []).filter((user) => user.id !== me.id);
  const { register, control, handleSubmit, reset, formState } = useForm<FormValues>({
    resolver: zodResolver(chatFieldsSchema) as never,
    defaultValues: { title: '', users: [] },
  });
  const { errors, isSubmitting } = formState;
  const translate = (message: string | undefined) =>
    message && validationKeys[message] ? t(validationKeys[message]) : message;

  useEffect(() => {
    if (!open) return;
    setFormError(null);
    reset({
      title: chat?.title ?? '',
      users: chat ? chat.users.map((user) => user.userId).filter((id) => id !== me.id) : [],
    });
  }, [open, chat, reset, me.id]);

  const handleSave = async (fields: FormValues) => {
    setFormError(null);
    try {
      const saved = chat ? await chatsApi.update(chat.id, fields) : await chatsApi.create(fields);
      onSaved(saved);
      onClose();
    } catch (error) {
      setFormError(errorMessage(error) ?? t('common:genericError'));
    }
  };

  return (
    <Dialog
      open={open}
      onClose={isSubmitting ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={isPhone}
      aria-labelledby="chat-dialog-title"
    >
      <form noValidate onSubmit={handleSubmit(handleSave)} data-testid="chat-form">
        <DialogTitle id="chat-dialog-title">{chat ? t('dialog.editTitle') : t('dialog.addTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {formError && (
              <Alert severity="error" data-testid="chat-form-error">
                {formError}
              </Alert>
            )}
            <TextField
              {...register('title')}
              label={t('dialog.title')}
              required
              fullWidth
              autoFocus
              error={!!errors.title}
              helperText={translate(errors.title?.message)}
              slotProps={{ htmlInput: { 'data-testid': 'chat-title', maxLength: CHAT_TITLE_MAX_LENGTH } }}
            />
            <Controller
              control={control}
              name="users"
              render={({ field }) => (
                <Autocomplete<UserOption, true>
                  multiple
                  options={others}
                  loading={users.isLoading}
                  getOptionLabel={(option) => option.name}
                  isOptionEqualToValue={(option, value) => option.id === value.id}
                  value={others.filter((user) => field.value.includes(user.id))}
                  onChange={(_event, picked) => field.onChange(picked.map((user) => user.id))}
                  noOptionsText={t('dialog.noUsers')}
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      label={t('dialog.users')}
                      required
                      error={!!errors.users}
                      helperText={translate(errors.users?.message) ?? t('dialog.usersHint')}
                      slotProps={{
                        ...params.slotProps,
                        htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'chat-users' },
                      }}
                    />
                  )}
                />
              )}
            />
          </Stack>
        </DialogContent>
        <FormDialogActions onCancel={onClose} isSubmitting={isSubmitting} submitTestId="chat-save" />
      </form>
    </Dialog>
  );
}
