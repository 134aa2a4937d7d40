import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  DIALOGFLOW_LANGUAGES,
  QUEUE_INTEGRATION_TYPES,
  type QueueIntegrationFields,
  type QueueIntegrationInput,
  type QueueIntegrationRecord,
  queueIntegrationFieldsSchema,
  TYPEBOT_DEFAULTS,
} from '@wacrm/shared/integrations/index';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialogActions } from '../../../components/ui/form-dialog-actions.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { showServerFieldErrors } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { translateValidation } from '../../../lib/validation-message.ts';
import { integrationsApi } from '../api/integrations-api.ts';
import { FlowPickerField } from './flow-picker-field.tsx';

interface IntegrationDialogProps {
  open: boolean;
  integration: QueueIntegrationRecord | null;
  onClose: () => void;
  onSaved: () => void;
}

const empty = (): QueueIntegrationInput => ({
  type: 'typebot',
  name: '',
  projectName: '',
  jsonContent: '',
  language: 'pt-BR',
  handoverIntent: '',
  urlN8N: '',
  webhookSecret: '',
  typebotSlug: '',
  typebotDelayMessage: TYPEBOT_DEFAULTS.delayMessage,
  typebotExpires: TYPEBOT_DEFAULTS.expires,
  typebotKeywordFinish: '',
  typebotKeywordRestart: '',
  typebotRestartMessage: '',
  typebotUnknownMessage: '',
  flowId: null,
});

function toForm(record: QueueIntegrationRecord): QueueIntegrationInput {
  return {
    type: record.type,
    name: record.name,
    projectName: record.projectName ?? '',
    jsonContent: '',
    language: (record.language as QueueIntegrationInput['language']) ?? 'pt-BR',
    handoverIntent: record.handoverIntent ?? '',
    urlN8N: record.urlN8N ?? '',
    webhookSecret: '',
    typebotSlug: record.typebotSlug ?? '',
    typebotDelayMessage: record.typebotDelayMessage,
    typebotExpires: record.typebotExpires,
    typebotKeywordFinish: record.typebotKeywordFinish ?? '',
    typebotKeywordRestart: record.typebotKeywordRestart ?? '',
    typebotRestartMessage: record.typebotRestartMessage ?? '',
    typebotUnknownMessage: record.typebotUnknownMessage ?? '',
    flowId: record.flowId,
  };
}

/** A random signing secret the admin copies into the receiver before saving (it is not shown again). */
const randomSecret = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(24)), (byte) => byte.toString(16).padStart(2, '0')).join('');

const numberField = { setValueAs: (value: unknown) => (value === '' ? undefined : Number(value)) };

/** Add or edit a queue integration; its fields follow the type. Secrets are write-only. */
export function IntegrationDialog({ open, integration, onClose, onSaved }: IntegrationDialogProps) {
  const { t } = useTranslation(['integrations', 'common']);
  const isPhone = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const [formError, setFormError] = useState<string | null>(null);
  const [isTesting, setTesting] = useState(false);
  const form = useForm<QueueIntegrationInput, unknown, QueueIntegrationFields>({
    resolver: zodResolver(queueIntegrationFieldsSchema),
    defaultValues: empty(),
  });
  const { register, control, handleSubmit, reset, setError, setValue, getValues, formState } = form;
  const { errors, isSubmitting } = formState;
  const type = useWatch({ control, name: 'type' });
  useEffect(() => {
    if (!open) return;
    setFormError(null);
    reset(integration ? toForm(integration) : empty());
  }, [open, integration, reset]);

  const handleSave = async (fields: QueueIntegrationFields) => {
    setFormError(null);
    try {
      if (integration) await integrationsApi.updateIntegration(integration.id, fields);
      else await integrationsApi.createIntegration(fields);
      toast.success(t(integration ? 'integrations.edited' : 'integrations.added'));
      onSaved();
      onClose();
    } catch (error) {
      showServerFieldErrors(error, setError);
      setFormError(errorMessage(error) ?? t('common:genericError'));
    }
  };

  const handleTest = async () => {
    const values = getValues();
    setTesting(true);
    setFormError(null);
    try {
      await integrationsApi.testSession({
        id: integration?.id,
        projectName: values.projectName ?? '',
        jsonContent: values.jsonContent || undefined,
        language: values.language ?? 'pt-BR',
      });
      toast.success(t('integrations.testOk'));
    } catch (error) {
      showServerFieldErrors(error, setError);
      setFormError(errorMessage(error) ?? t('common:genericError'));
    } finally {
      setTesting(false);
    }
  };

  const help = (message: string | undefined, fallback = ' ') => translateValidation(message) ?? fallback;
  const text = (
    name: keyof QueueIntegrationInput,
    extra: { required?: boolean; multiline?: boolean; hint?: string } = {},
  ) => (
    <TextField
      {...register(name)}
      label={t(`integrations.fields.${name}`)}
      required={extra.required}
      fullWidth
      multiline={extra.multiline}
      minRows={extra.multiline ? 2 : undefined}
      maxRows={extra.multiline ? 6 : undefined}
      error={!!errors[name]}
      helperText={help(errors[name]?.message, extra.hint ?? ' ')}
      slotProps={{ htmlInput: { 'data-testid': `integration-${name}` } }}
    />
  );

  return (
    <Dialog open={open} onClose={isSubmitting ? undefined : onClose} fullWidth maxWidth="sm" fullScreen={isPhone}>
      <form noValidate onSubmit={handleSubmit(handleSave)} data-testid="integration-form">
        <DialogTitle>{integration ? t('integrations.editTitle') : t('integrations.addTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={1.5} sx={{ pt: 1 }}>
            {formError && <Alert severity="error">{formError}</Alert>}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <Controller
                control={control}
                name="type"
                render={({ field }) => (
                  <TextField
                    select
                    required
                    label={t('integrations.fields.type')}
                    value={field.value}
                    onChange={field.onChange}
                    sx={{ minWidth: 180 }}
                    helperText=" "
                    slotProps={{ htmlInput: { 'data-testid': 'integration-type' } }}
                  >
                    {QUEUE_INTEGRATION_TYPES.map((option) => (
                      <MenuItem key={option} value={option}>
                        {t(`integrations.types.${option}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              {text('name', { required: true })}
            </Stack>
            {type === 'dialogflow' && (
              <>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  {text('projectName', { required: true })}
                  <Controller
                    control={control}
                    name="language"
                    render={({ field }) => (
                      <TextField
                        select
                        required
                        label={t('integrations.fields.language')}
                        value={field.value ?? 'pt-BR'}
                        onChange={field.onChange}
                        sx={{ minWidth: 140 }}
                        helperText=" "
                      >
                        {DIALOGFLOW_LANGUAGES.map((language) => (
                          <MenuItem key={language} value={language}>
                            {language}
                          </MenuItem>
                        ))}
                      </TextField>
                    )}
                  />
                </Stack>
                {text('jsonContent', {
                  required: !integration,
                  multiline: true,
                  hint: integration?.jsonContent
                    ? t('secretKept', { masked: integration.jsonContent })
                    : t('integrations.jsonHint'),
                })}
                {text('handoverIntent', { hint: t('integrations.handoverIntentHint') })}
                <Button variant="outlined" onClick={handleTest} loading={isTesting} data-testid="integration-test">
                  {t('integrations.test')}
                </Button>
              </>
            )}
            {type === 'flowbuilder' && (
              <Controller
                control={control}
                name="flowId"
                render={({ field }) => (
                  <FlowPickerField
                    value={field.value ?? null}
                    onChange={field.onChange}
                    error={!!errors.flowId}
                    helperText={help(errors.flowId?.message, t('integrations.flowHint'))}
                  />
                )}
              />
            )}
            {type !== 'dialogflow' && type !== 'flowbuilder' && text('urlN8N', { required: true })}
            {(type === 'n8n' || type === 'webhook') && (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <TextField
                  {...register('webhookSecret')}
                  label={t('integrations.fields.webhookSecret')}
                  required={!integration}
                  fullWidth
                  autoComplete="off"
                  error={!!errors.webhookSecret}
                  helperText={help(
                    errors.webhookSecret?.message,
                    integration?.webhookSecret
                      ? t('secretKept', { masked: integration.webhookSecret })
                      : t('integrations.secretHint'),
                  )}
                  slotProps={{ htmlInput: { 'data-testid': 'integration-webhookSecret' } }}
                />
                <Button sx={{ mt: 1 }} onClick={() => setValue('webhookSecret', randomSecret(), { shouldDirty: true })}>
                  {t('integrations.generate')}
                </Button>
              </Stack>
            )}
            {type === 'typebot' && (
              <>
                {text('typebotSlug', { required: true })}
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  <TextField
                    {...register('typebotDelayMessage', numberField)}
                    type="number"
                    fullWidth
                    label={t('integrations.fields.typebotDelayMessage')}
                    helperText=" "
                  />
                  <TextField
                    {...register('typebotExpires', numberField)}
                    type="number"
                    fullWidth
                    label={t('integrations.fields.typebotExpires')}
                    helperText=" "
                  />
                </Stack>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  {text('typebotKeywordFinish')}
                  {text('typebotKeywordRestart')}
                </Stack>
                {text('typebotRestartMessage', { multiline: true })}
                {text('typebotUnknownMessage', { multiline: true })}
              </>
            )}
          </Stack>
        </DialogContent>
        <FormDialogActions onCancel={onClose} isSubmitting={isSubmitting} submitTestId="integration-save" />
      </form>
    </Dialog>
  );
}
