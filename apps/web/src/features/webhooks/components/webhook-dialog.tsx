import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import {
  type WebhookEndpoint,
  type WebhookEventType,
  webhookEventTypes,
  webhookFieldsSchema,
} from '@wacrm/shared/webhooks/webhook.schema';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialogActions } from '../../../components/ui/form-dialog-actions.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { webhooksApi } from '../api/webhooks-api.ts';

interface Props {
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
  /** `secret` only when the endpoint was just created (shown once). */
  onSaved: (saved: WebhookEndpoint, secret?: string) => void;
}

/** Add or edit an endpoint: URL, events, active. Checked with the schema the server validates with. */
export function WebhookDialog({ endpoint, onClose, onSaved }: Props) {
  const { t } = useTranslation(['webhooks', 'errors']);
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [events, setEvents] = useState<WebhookEventType[]>(endpoint?.events ?? ['message.created', 'message.ack']);
  const [active, setActive] = useState(endpoint?.active ?? true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const toggle = (event: WebhookEventType) =>
    setEvents((current) => (current.includes(event) ? current.filter((e) => e !== event) : [...current, event]));

  async function submit(formEvent: FormEvent) {
    formEvent.preventDefault();
    const parsed = webhookFieldsSchema.safeParse({ url: url.trim(), events, active });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues)
        found[String(issue.path[0])] ??= t(`form.invalid.${String(issue.path[0])}`);
      setErrors(found);
      return;
    }
    setBusy(true);
    try {
      if (endpoint) onSaved(await webhooksApi.update(endpoint.id, parsed.data));
      else {
        const { secret, ...created } = await webhooksApi.create(parsed.data);
        onSaved(created, secret);
      }
    } catch (error) {
      if (error instanceof ApiError) {
        setErrors(
          error.code === 'ERR_URL_NOT_ALLOWED'
            ? { url: t('errors:ERR_URL_NOT_ALLOWED') }
            : { url: t(`errors:${error.code}`) },
        );
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{endpoint ? t('form.editTitle') : t('form.addTitle')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <TextField
            label={t('form.url')}
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            error={!!errors.url}
            helperText={errors.url ?? t('form.urlHint')}
            placeholder="https://example.com/webhooks/wacrm"
            autoFocus
            fullWidth
            slotProps={{ htmlInput: { 'data-testid': 'webhook-url', maxLength: 2000 } }}
          />
          <div>
            <FormLabel component="legend">{t('form.events')}</FormLabel>
            <FormGroup>
              {webhookEventTypes.map((event) => (
                <FormControlLabel
                  key={event}
                  control={
                    <Checkbox
                      checked={events.includes(event)}
                      onChange={() => toggle(event)}
                      slotProps={{ input: { 'data-testid': `webhook-event-${event}` } as object }}
                    />
                  }
                  label={
                    <span>
                      {t(`events.${event}`)} <code style={{ opacity: 0.7 }}>{event}</code>
                    </span>
                  }
                />
              ))}
            </FormGroup>
            {errors.events && <FormHelperText error>{errors.events}</FormHelperText>}
          </div>
          <FormControlLabel
            control={<Switch checked={active} onChange={(event) => setActive(event.target.checked)} />}
            label={t('form.active')}
          />
        </DialogContent>
        <FormDialogActions onCancel={onClose} isSubmitting={busy} submitTestId="webhook-save" />
      </form>
    </Dialog>
  );
}
