import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { QueueRecord } from '@wacrm/shared/queues/queue.schema';
import { type SlaPolicyRecord, slaPolicyFieldsSchema } from '@wacrm/shared/sla/sla.schema';
import { type TicketPriority, ticketPriorities } from '@wacrm/shared/tickets/ticket-priority';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialogActions } from '../../../components/ui/form-dialog-actions.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { toast } from '../../../lib/toast.ts';
import { slaApi } from '../api/sla-api.ts';
import { emptySlaForm, type SlaPolicyForm, slaFieldsOf, slaFormOf } from '../model/sla-form.ts';

interface SlaPolicyDialogProps {
  open: boolean;
  policy: SlaPolicyRecord | null;
  queues: Pick<QueueRecord, 'id' | 'name' | 'color'>[];
  onClose: () => void;
  onSaved: () => void;
}

type FieldErrors = Partial<
  Record<'name' | 'queueIds' | 'priorities' | 'firstResponseSeconds' | 'resolutionSeconds', string>
>;

/**
 * The errors a change of each form field answers, cleared as the admin edits it. A clash is over a
 * queue and priority pair, so changing either clears both.
 */
const errorsAnsweredBy: Record<keyof SlaPolicyForm, (keyof FieldErrors)[]> = {
  name: ['name'],
  queueIds: ['queueIds', 'priorities'],
  priorities: ['queueIds', 'priorities'],
  firstResponseMinutes: ['firstResponseSeconds'],
  resolutionMinutes: ['resolutionSeconds'],
  businessHours: [],
};

/** Adds or edits a policy: name, queues and priorities (neither: the default), targets in minutes, business hours. */
export function SlaPolicyDialog({ open, policy, queues, onClose, onSaved }: SlaPolicyDialogProps) {
  const { t } = useTranslation(['sla', 'common', 'tickets']);
  const isPhone = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const [form, setForm] = useState<SlaPolicyForm>(emptySlaForm);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const byId = new Map(queues.map((queue) => [queue.id, queue]));

  useEffect(() => {
    if (!open) return;
    setForm(policy ? slaFormOf(policy) : emptySlaForm());
    setErrors({});
    setFormError(null);
  }, [open, policy]);

  const change = (patch: Partial<SlaPolicyForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    const answered = (Object.keys(patch) as (keyof SlaPolicyForm)[]).flatMap((field) => errorsAnsweredBy[field]);
    setErrors((current) => {
      const kept = { ...current };
      for (const key of answered) delete kept[key];
      return kept;
    });
  };

  /** A queue or priority another policy covers: said next to that field, with the policy that has it. */
  const takenFieldError = (error: unknown): FieldErrors | null => {
    if (!isApiError(error)) return null;
    const field = error.fields?.priorities ? 'priorities' : error.fields?.queueIds ? 'queueIds' : null;
    if (!field) return null;
    const holder = error.details?.policy;
    const message = errorMessage(error) ?? t('common:genericError');
    return { [field]: typeof holder === 'string' ? `${message} ${t('form.heldBy', { name: holder })}` : message };
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const fields = slaFieldsOf(form);
    const parsed = slaPolicyFieldsSchema.safeParse(fields);
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]) as keyof FieldErrors;
        found[key] ??= t(`validation.${key}`);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await (policy ? slaApi.update(policy.id, fields) : slaApi.create(fields));
      toast.success(t(policy ? 'toasts.saved' : 'toasts.created'));
      onSaved();
      onClose();
    } catch (error) {
      const fieldError = takenFieldError(error);
      if (fieldError) setErrors(fieldError);
      else setFormError(errorMessage(error) ?? t('common:genericError'));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={isSubmitting ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={isPhone}
      aria-labelledby="sla-dialog-title"
    >
      <form noValidate onSubmit={handleSubmit} data-testid="sla-form">
        <DialogTitle id="sla-dialog-title">{policy ? t('form.editTitle') : t('form.addTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {formError && (
              <Alert severity="error" data-testid="sla-form-error">
                {formError}
              </Alert>
            )}
            <TextField
              label={t('fields.name')}
              required
              fullWidth
              autoFocus
              value={form.name}
              onChange={(event) => change({ name: event.target.value })}
              error={!!errors.name}
              helperText={errors.name}
              slotProps={{ htmlInput: { 'data-testid': 'sla-name', maxLength: 100 } }}
            />
            <TextField
              select
              label={t('fields.queues')}
              fullWidth
              value={form.queueIds}
              error={!!errors.queueIds}
              helperText={errors.queueIds ?? t('fields.queuesHint')}
              onChange={(event) => {
                const raw = event.target.value as unknown;
                change({ queueIds: Array.isArray(raw) ? raw.map(Number) : [] });
              }}
              slotProps={{
                htmlInput: { 'data-testid': 'sla-queues' },
                formHelperText: { 'data-testid': 'sla-queues-helper' } as object,
                select: {
                  multiple: true,
                  SelectDisplayProps: { 'data-testid': 'sla-queues-select' } as object,
                  renderValue: (selected) => (
                    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                      {(selected as number[]).map((id) => {
                        const queue = byId.get(id);
                        return queue ? (
                          <Chip key={id} size="small" label={queue.name} sx={{ bgcolor: queue.color, color: '#fff' }} />
                        ) : null;
                      })}
                    </Box>
                  ),
                },
              }}
            >
              {queues.map((queue) => (
                <MenuItem key={queue.id} value={queue.id} data-testid="sla-queue-option">
                  {queue.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label={t('fields.priorities')}
              fullWidth
              value={form.priorities}
              error={!!errors.priorities}
              helperText={errors.priorities ?? t('fields.prioritiesHint')}
              onChange={(event) => {
                const raw = event.target.value as unknown;
                change({ priorities: Array.isArray(raw) ? (raw as TicketPriority[]) : [] });
              }}
              slotProps={{
                formHelperText: { 'data-testid': 'sla-priorities-helper' } as object,
                select: {
                  multiple: true,
                  SelectDisplayProps: { 'data-testid': 'sla-priorities-select' } as object,
                  renderValue: (selected) =>
                    (selected as TicketPriority[]).map((priority) => t(`tickets:priority.${priority}`)).join(', '),
                },
              }}
            >
              {ticketPriorities.map((priority) => (
                <MenuItem key={priority} value={priority} data-testid="sla-priority-option">
                  {t(`tickets:priority.${priority}`)}
                </MenuItem>
              ))}
            </TextField>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label={t('fields.firstResponse')}
                fullWidth
                value={form.firstResponseMinutes}
                onChange={(event) => change({ firstResponseMinutes: event.target.value })}
                error={!!errors.firstResponseSeconds}
                helperText={errors.firstResponseSeconds ?? t('fields.minutesHint')}
                slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'sla-first-response' } }}
              />
              <TextField
                label={t('fields.resolution')}
                fullWidth
                value={form.resolutionMinutes}
                onChange={(event) => change({ resolutionMinutes: event.target.value })}
                error={!!errors.resolutionSeconds}
                helperText={errors.resolutionSeconds ?? t('fields.minutesHint')}
                slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'sla-resolution' } }}
              />
            </Stack>
            <div>
              <FormControlLabel
                control={
                  <Switch
                    checked={form.businessHours}
                    onChange={(event) => change({ businessHours: event.target.checked })}
                    slotProps={{ input: { 'data-testid': 'sla-business-hours' } as object }}
                  />
                }
                label={t('fields.businessHours')}
              />
              <FormHelperText sx={{ mt: 0 }}>{t('fields.businessHoursHint')}</FormHelperText>
            </div>
          </Stack>
        </DialogContent>
        <FormDialogActions
          onCancel={onClose}
          isSubmitting={isSubmitting}
          submitTestId="sla-save"
          cancelTestId="sla-cancel"
        />
      </form>
    </Dialog>
  );
}
