import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type QueueOptionFields, queueOptionFieldsSchema } from '@wacrm/shared/queues/queue-option.schema';
import type { KeyboardEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-error.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { translateQueueValidation } from '../model/queue-form.ts';

interface QueueOptionFormProps {
  initial: { option: string; title: string; message: string | null };
  onSave: (fields: QueueOptionFields) => Promise<unknown>;
  onCancel: () => void;
}

type OptionFormValues = { option: string; title: string; message: string };

/**
 * Inline editor of one option. It sits inside the queue modal's form, so it is not a form itself:
 * Enter saves the option (not the queue) and Escape cancels it (not the modal).
 */
export function QueueOptionForm({ initial, onSave, onCancel }: QueueOptionFormProps) {
  const { t } = useTranslation(['queues', 'common']);
  const { register, handleSubmit, setError, formState } = useForm<OptionFormValues, unknown, QueueOptionFields>({
    resolver: zodResolver(queueOptionFieldsSchema) as never,
    defaultValues: { option: initial.option, title: initial.title, message: initial.message ?? '' },
  });
  const { errors, isSubmitting } = formState;

  const save = handleSubmit(async (fields) => {
    try {
      await onSave(fields);
    } catch (error) {
      const fieldErrors = isApiError(error) ? (error.fields ?? {}) : {};
      if (fieldErrors.option) setError('option', { message: errorMessage(error) ?? fieldErrors.option });
      else setError('title', { message: errorMessage(error) ?? t('common:genericError') });
    }
  });

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCancel();
    } else if (event.key === 'Enter' && !(event.target instanceof HTMLTextAreaElement)) {
      event.preventDefault();
      void save();
    }
  };

  return (
    <Stack spacing={1.5} onKeyDown={handleKeyDown} data-testid="queue-option-form" sx={{ py: 1 }}>
      <Stack direction="row" spacing={1.5}>
        <TextField
          {...register('option')}
          label={t('options.number')}
          size="small"
          required
          sx={{ width: 96, flexShrink: 0 }}
          error={!!errors.option}
          slotProps={{ htmlInput: { 'data-testid': 'queue-option-number', inputMode: 'numeric', maxLength: 4 } }}
        />
        <TextField
          {...register('title')}
          label={t('options.title')}
          size="small"
          required
          fullWidth
          autoFocus
          error={!!errors.title}
          slotProps={{ htmlInput: { 'data-testid': 'queue-option-title', maxLength: 200 } }}
        />
      </Stack>
      {[errors.option, errors.title].map(
        (error, index) =>
          error && (
            <Typography key={index === 0 ? 'option' : 'title'} role="alert" variant="caption" color="error">
              {translateQueueValidation(error.message)}
            </Typography>
          ),
      )}
      <TextField
        {...register('message')}
        label={t('options.message')}
        size="small"
        multiline
        minRows={2}
        maxRows={5}
        fullWidth
        helperText={t('options.messageHint')}
        slotProps={{ htmlInput: { 'data-testid': 'queue-option-message' } }}
      />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button size="small" color="inherit" onClick={onCancel} disabled={isSubmitting}>
          {t('common:actions.cancel')}
        </Button>
        <Button
          size="small"
          variant="contained"
          onClick={() => void save()}
          loading={isSubmitting}
          data-testid="queue-option-save"
        >
          {t('options.save')}
        </Button>
      </Stack>
    </Stack>
  );
}
