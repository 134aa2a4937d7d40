import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  PROMPT_DEFAULTS,
  PROMPT_MODELS,
  PROMPT_TRANSFER_ACTION,
  PROMPT_VOICES,
  type PromptFields,
  type PromptInput,
  type PromptRecord,
  promptFieldsSchema,
} from '@wacrm/shared/integrations/index';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FormDialogActions } from '../../../components/ui/form-dialog-actions.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { showServerFieldErrors } from '../../../lib/form-errors.ts';
import { useQueuePickerOptions } from '../../../lib/lookups/use-lookups.ts';
import { toast } from '../../../lib/toast.ts';
import { translateValidation } from '../../../lib/validation-message.ts';
import { integrationsApi } from '../api/integrations-api.ts';

interface PromptDialogProps {
  open: boolean;
  prompt: PromptRecord | null;
  onClose: () => void;
  onSaved: () => void;
}

const empty = (): PromptInput => ({
  name: '',
  prompt: '',
  model: PROMPT_DEFAULTS.model,
  maxTokens: PROMPT_DEFAULTS.maxTokens,
  temperature: PROMPT_DEFAULTS.temperature,
  apiKey: '',
  queueId: undefined as unknown as number,
  maxMessages: PROMPT_DEFAULTS.maxMessages,
  voice: 'texto',
  voiceKey: '',
  voiceRegion: '',
});

const numberField = { setValueAs: (value: unknown) => (value === '' ? undefined : Number(value)) };

/** Add or edit an AI prompt. The API key is write-only: shown masked, replaced only when typed. */
export function PromptDialog({ open, prompt, onClose, onSaved }: PromptDialogProps) {
  const { t } = useTranslation(['integrations', 'common']);
  const isPhone = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const queues = useQueuePickerOptions(open);
  // The prompt hands customers over to a queue: with none yet, say where to make one.
  const hasNoQueue = queues.data !== undefined && queues.data.length === 0;
  const [formError, setFormError] = useState<string | null>(null);
  const { register, control, handleSubmit, reset, setError, formState } = useForm<PromptInput, unknown, PromptFields>({
    resolver: zodResolver(promptFieldsSchema),
    defaultValues: empty(),
  });
  const { errors, isSubmitting } = formState;

  useEffect(() => {
    if (!open) return;
    setFormError(null);
    reset(
      prompt
        ? {
            name: prompt.name,
            prompt: prompt.prompt,
            model: prompt.model,
            maxTokens: prompt.maxTokens,
            temperature: prompt.temperature,
            apiKey: '',
            queueId: prompt.queueId,
            maxMessages: prompt.maxMessages,
            voice: prompt.voice as PromptInput['voice'],
            voiceKey: '',
            voiceRegion: prompt.voiceRegion ?? '',
          }
        : empty(),
    );
  }, [open, prompt, reset]);

  const handleSave = async (fields: PromptFields) => {
    setFormError(null);
    try {
      if (prompt) await integrationsApi.updatePrompt(prompt.id, fields);
      else await integrationsApi.createPrompt(fields);
      toast.success(t('prompts.saved'));
      onSaved();
      onClose();
    } catch (error) {
      showServerFieldErrors(error, setError);
      setFormError(errorMessage(error) ?? t('common:genericError'));
    }
  };

  const help = (message: string | undefined, fallback = ' ') => translateValidation(message) ?? fallback;

  return (
    <Dialog open={open} onClose={isSubmitting ? undefined : onClose} fullWidth maxWidth="md" fullScreen={isPhone}>
      <form noValidate onSubmit={handleSubmit(handleSave)} data-testid="prompt-form">
        <DialogTitle>{prompt ? t('prompts.editTitle') : t('prompts.addTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {formError && <Alert severity="error">{formError}</Alert>}
            <TextField
              {...register('name')}
              label={t('prompts.fields.name')}
              required
              fullWidth
              autoFocus
              error={!!errors.name}
              helperText={help(errors.name?.message)}
              slotProps={{ htmlInput: { 'data-testid': 'prompt-name', maxLength: 100 } }}
            />
            <TextField
              {...register('apiKey')}
              label={t('prompts.fields.apiKey')}
              required={!prompt}
              fullWidth
              type="password"
              autoComplete="off"
              placeholder={prompt?.apiKey ?? ''}
              error={!!errors.apiKey}
              helperText={help(
                errors.apiKey?.message,
                prompt?.apiKey ? t('secretKept', { masked: prompt.apiKey }) : ' ',
              )}
              slotProps={{ htmlInput: { 'data-testid': 'prompt-apiKey' } }}
            />
            <TextField
              {...register('prompt')}
              label={t('prompts.fields.prompt')}
              required
              fullWidth
              multiline
              minRows={6}
              maxRows={12}
              error={!!errors.prompt}
              helperText={help(errors.prompt?.message, t('prompts.transferHint', { phrase: PROMPT_TRANSFER_ACTION }))}
              slotProps={{ htmlInput: { 'data-testid': 'prompt-text' } }}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <Controller
                control={control}
                name="queueId"
                render={({ field }) => (
                  <TextField
                    select
                    fullWidth
                    required
                    label={t('prompts.fields.queue')}
                    value={typeof field.value === 'number' ? field.value : ''}
                    onChange={(event) => field.onChange(Number(event.target.value))}
                    error={!!errors.queueId}
                    helperText={
                      hasNoQueue ? (
                        <span data-testid="prompt-queue-none">
                          {t('prompts.noQueue')}{' '}
                          <Link component={RouterLink} to="/queues">
                            {t('prompts.createQueue')}
                          </Link>
                        </span>
                      ) : errors.queueId ? (
                        t('prompts.queueRequired')
                      ) : (
                        ' '
                      )
                    }
                    slotProps={{ htmlInput: { 'data-testid': 'prompt-queue' } }}
                  >
                    {hasNoQueue && (
                      <MenuItem disabled value="">
                        {t('prompts.noQueue')}
                      </MenuItem>
                    )}
                    {(queues.data ?? []).map((queue) => (
                      <MenuItem key={queue.id} value={queue.id}>
                        {queue.name}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <Controller
                control={control}
                name="model"
                render={({ field }) => (
                  <Autocomplete
                    freeSolo
                    fullWidth
                    options={[...PROMPT_MODELS]}
                    value={field.value ?? ''}
                    onChange={(_event, value) => field.onChange(value ?? '')}
                    onInputChange={(_event, value) => field.onChange(value)}
                    renderInput={(params) => (
                      <TextField {...params} label={t('prompts.fields.model')} helperText={t('prompts.modelHint')} />
                    )}
                  />
                )}
              />
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                {...register('maxTokens', numberField)}
                label={t('prompts.fields.maxTokens')}
                type="number"
                fullWidth
                error={!!errors.maxTokens}
                helperText={help(errors.maxTokens?.message)}
                slotProps={{ htmlInput: { 'data-testid': 'prompt-maxTokens', min: 1 } }}
              />
              <TextField
                {...register('temperature', numberField)}
                label={t('prompts.fields.temperature')}
                type="number"
                fullWidth
                error={!!errors.temperature}
                helperText={errors.temperature ? t('prompts.temperatureRange') : ' '}
                slotProps={{ htmlInput: { 'data-testid': 'prompt-temperature', min: 0, max: 1, step: 0.1 } }}
              />
              <TextField
                {...register('maxMessages', numberField)}
                label={t('prompts.fields.maxMessages')}
                type="number"
                fullWidth
                error={!!errors.maxMessages}
                helperText={help(errors.maxMessages?.message)}
                slotProps={{ htmlInput: { 'data-testid': 'prompt-maxMessages', min: 1 } }}
              />
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <Controller
                control={control}
                name="voice"
                render={({ field }) => (
                  <TextField
                    select
                    fullWidth
                    label={t('prompts.fields.voice')}
                    value={field.value ?? 'texto'}
                    onChange={field.onChange}
                    slotProps={{ htmlInput: { 'data-testid': 'prompt-voice' } }}
                  >
                    {PROMPT_VOICES.map((voice) => (
                      <MenuItem key={voice} value={voice}>
                        {voice === 'texto' ? t('prompts.textOnly') : voice.replace('pt-BR-', '').replace('Neural', '')}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <TextField
                {...register('voiceKey')}
                label={t('prompts.fields.voiceKey')}
                type="password"
                autoComplete="off"
                fullWidth
                placeholder={prompt?.voiceKey ?? ''}
                helperText={prompt?.voiceKey ? t('secretKept', { masked: prompt.voiceKey }) : ' '}
              />
              <TextField
                {...register('voiceRegion')}
                label={t('prompts.fields.voiceRegion')}
                fullWidth
                helperText=" "
              />
            </Stack>
          </Stack>
        </DialogContent>
        <FormDialogActions onCancel={onClose} isSubmitting={isSubmitting} submitTestId="prompt-save" />
      </form>
    </Dialog>
  );
}
