import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import type { FlowCampaignRecord } from '@wacrm/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialogActions } from '../../../components/ui/form-dialog-actions.tsx';
import { toast } from '../../../lib/toast.ts';
import { flowsApi } from '../api/flows-api.ts';

interface Form {
  name: string;
  flowId: number | '';
  whatsappId: number | '';
  phrase: string;
  status: boolean;
}

/** The flow campaign modal: name, flow, connection (with its status), trigger phrase, status switch. */
export function PhraseDialog(props: {
  open: boolean;
  campaign: FlowCampaignRecord | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { open, campaign, onClose, onSaved } = props;
  const { t } = useTranslation('flows');
  const flows = useQuery({ queryKey: ['flows', 'list', ''], queryFn: () => flowsApi.list('', 1), enabled: open });
  const connections = useQuery({ queryKey: ['flows', 'connections'], queryFn: flowsApi.connections, enabled: open });
  const [form, setForm] = useState<Form>({ name: '', flowId: '', whatsappId: '', phrase: '', status: true });
  const [errors, setErrors] = useState<Partial<Record<keyof Form, boolean>>>({});
  const [isSaving, setSaving] = useState(false);
  useEffect(() => {
    if (!open) return;
    setErrors({});
    setForm(
      campaign
        ? {
            name: campaign.name,
            flowId: campaign.flowId,
            whatsappId: campaign.whatsappId ?? '',
            phrase: campaign.phrase,
            status: campaign.status,
          }
        : { name: '', flowId: '', whatsappId: '', phrase: '', status: true },
    );
  }, [open, campaign]);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // spec: name, flow and phrase are required; the connection is flagged but not blocking.
    const missing = {
      name: !form.name.trim(),
      flowId: form.flowId === '',
      phrase: !form.phrase.trim(),
      whatsappId: form.whatsappId === '',
    };
    setErrors(missing);
    if (missing.name || missing.flowId || missing.phrase) return;
    const fields = {
      name: form.name,
      flowId: Number(form.flowId),
      whatsappId: form.whatsappId === '' ? null : form.whatsappId,
      phrase: form.phrase,
      status: form.status,
    };
    setSaving(true);
    try {
      if (campaign) await flowsApi.updateCampaign(campaign.id, fields);
      else await flowsApi.createCampaign(fields);
      toast.success(t(campaign ? 'campaigns.updated' : 'campaigns.created'));
      onSaved();
      onClose();
    } catch {
      toast.error(t('errors.saveFailed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <form onSubmit={handleSubmit} noValidate>
        <DialogTitle>{t(campaign ? 'campaigns.editTitle' : 'campaigns.addTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t('campaigns.name')}
              value={form.name}
              onChange={(e) => setForm({ ...form, name: e.target.value })}
              error={errors.name}
              helperText={errors.name ? t('validation.required') : ' '}
              slotProps={{ htmlInput: { 'data-testid': 'phrase-name' } }}
            />
            <TextField
              select
              label={t('campaigns.flow')}
              value={form.flowId}
              onChange={(e) => setForm({ ...form, flowId: Number(e.target.value) })}
              error={errors.flowId}
              helperText={errors.flowId ? t('validation.required') : ' '}
              slotProps={{ htmlInput: { 'data-testid': 'phrase-flow' } }}
            >
              {(flows.data?.flows ?? []).map((flow) => (
                <MenuItem key={flow.id} value={flow.id}>
                  {flow.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label={t('campaigns.connection')}
              value={form.whatsappId}
              onChange={(e) => setForm({ ...form, whatsappId: Number(e.target.value) })}
              color={errors.whatsappId ? 'warning' : undefined}
              focused={errors.whatsappId || undefined}
              helperText={errors.whatsappId ? t('campaigns.connectionFlag') : ' '}
            >
              {(connections.data ?? []).map((item) => (
                <MenuItem key={item.id} value={item.id}>
                  {item.name} — {item.status === 'CONNECTED' ? t('campaigns.online') : item.status}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={t('campaigns.phrase')}
              value={form.phrase}
              onChange={(e) => setForm({ ...form, phrase: e.target.value })}
              error={errors.phrase}
              helperText={errors.phrase ? t('validation.required') : t('campaigns.phraseHint')}
              slotProps={{ htmlInput: { 'data-testid': 'phrase-phrase' } }}
            />
            <FormControlLabel
              control={
                <Switch checked={form.status} onChange={(e) => setForm({ ...form, status: e.target.checked })} />
              }
              label={form.status ? t('list.active') : t('list.inactive')}
            />
          </Stack>
        </DialogContent>
        <FormDialogActions onCancel={onClose} isSubmitting={isSaving} submitTestId="phrase-save" />
      </form>
    </Dialog>
  );
}
