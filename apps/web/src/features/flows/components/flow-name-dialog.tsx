import { zodResolver } from '@hookform/resolvers/zod';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { type FlowCreate, type FlowRecord, flowCreateSchema } from '@wacrm/shared';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialogActions } from '../../../components/ui/form-dialog-actions.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { toast } from '../../../lib/toast.ts';
import { flowsApi } from '../api/flows-api.ts';

const nameMessages: Record<string, string> = {
  'Too Short!': 'validation.tooShort',
  'Too Long!': 'validation.tooLong',
  Required: 'validation.nameRequired',
};

/** Add a flow or rename one (spec: name 2–50). */
export function FlowNameDialog(props: {
  open: boolean;
  flow: FlowRecord | null;
  onClose: () => void;
  onSaved: (flow: FlowRecord) => void;
}) {
  const { open, flow, onClose, onSaved } = props;
  const { t } = useTranslation(['flows', 'common']);
  const { register, handleSubmit, reset, formState } = useForm<FlowCreate>({ resolver: zodResolver(flowCreateSchema) });
  useEffect(() => {
    if (open) reset({ name: flow?.name ?? '' });
  }, [open, flow, reset]);
  const error = formState.errors.name?.message;

  const submit = handleSubmit(async ({ name }) => {
    try {
      const saved = flow ? await flowsApi.update(flow.id, { name }) : await flowsApi.create(name);
      toast.success(t(flow ? 'toasts.renamed' : 'toasts.created'));
      onSaved(saved);
      onClose();
    } catch (caught) {
      if (isApiError(caught)) toast.error(errorMessage(caught) ?? caught.message);
    }
  });

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{t(flow ? 'list.renameTitle' : 'list.addTitle')}</DialogTitle>
        <DialogContent>
          <TextField
            {...register('name')}
            autoFocus
            fullWidth
            margin="dense"
            label={t('list.name')}
            error={Boolean(error)}
            helperText={error ? t(nameMessages[error] ?? 'validation.nameRequired') : ' '}
            slotProps={{ htmlInput: { 'data-testid': 'flow-name-input', maxLength: 60 } }}
          />
        </DialogContent>
        <FormDialogActions onCancel={onClose} isSubmitting={formState.isSubmitting} submitTestId="flow-name-save" />
      </form>
    </Dialog>
  );
}
