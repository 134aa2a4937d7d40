import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQueryClient } from '@tanstack/react-query';
import {
  isScheduleLocked,
  SCHEDULE_MEDIA_MAX_BYTES,
  SCHEDULE_MEDIA_MIMETYPES,
  type ScheduleRecord,
} from '@wacrm/shared/schedules/schedule.schema';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message.ts';
import { useConnections } from '../../../lib/lookups/use-lookups.ts';
import { moveClockInput } from '../../../lib/time-zone.ts';
import { toast } from '../../../lib/toast.ts';
import { useSessionUser } from '../../auth/index.ts';
import { TemplateFields } from '../../connections/index.ts';
import { CompanyTimeField, useCompanyTimeZone } from '../../settings/index.ts';
import { schedulesApi, schedulesKeys } from '../api/schedules-api.ts';
import {
  emptyScheduleForm,
  formToFields,
  type ScheduleContactOption,
  type ScheduleFormErrors,
  type ScheduleFormValues,
  scheduleToForm,
} from '../model/schedule-form.ts';
import { ScheduleAttachment } from './schedule-attachment.tsx';
import { ScheduleContactField } from './schedule-contact-field.tsx';
import { ScheduleRecurrenceFields } from './schedule-recurrence-fields.tsx';

const lockedHintKey = (status: ScheduleRecord['status']) =>
  status === 'waiting' ? 'form.waitingHint' : status === 'error' ? 'form.failedHint' : 'form.sentHint';
const lockedTitleKey = (status: ScheduleRecord['status']) =>
  status === 'waiting' ? 'form.waitingTitle' : status === 'error' ? 'form.failedTitle' : 'form.sentTitle';

export interface ScheduleDialogProps {
  open: boolean;
  /** The schedule to edit; null adds one. */
  schedule: ScheduleRecord | null;
  /** Adding from a ticket or a contact: that contact, and the ticket's connection. */
  initialContact?: ScheduleContactOption | null;
  initialConnectionId?: number | null;
  onClose: () => void;
}

/** The schedule dialog, shared by the calendar, the ticket's "schedule message" and the contacts page. */
export function ScheduleDialog({ open, schedule, initialContact, initialConnectionId, onClose }: ScheduleDialogProps) {
  const { t } = useTranslation(['schedules', 'common']);
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const isPhone = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const timeZone = useCompanyTimeZone(user.companyId, open);
  const connections = useConnections(user.companyId, open).data ?? [];
  const [values, setValues] = useState<ScheduleFormValues>(() => emptyScheduleForm(timeZone, new Date()));
  const [errors, setErrors] = useState<ScheduleFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pendingFile, setPendingFile] = useState<File | null>(null);
  const [isMediaRemoved, setMediaRemoved] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const [wantsTemplate, setWantsTemplate] = useState(false);
  // Its message is stored (waiting, sent or failed after): read-only, as the server refuses changes.
  const isSent = schedule ? isScheduleLocked(schedule) : false;
  // Callers may pass a new object each render: the form resets on the contact's id only.
  const initial = useRef({ contact: initialContact, connectionId: initialConnectionId });
  initial.current = { contact: initialContact, connectionId: initialConnectionId };
  const initialContactId = initialContact?.id ?? null;

  // The zone the send time is shown in; the company's may arrive after the dialog opened.
  const shownZone = useRef(timeZone);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form resets when the dialog opens or its schedule or initial contact changes (read through the ref); a later zone only moves the time (below)
  useEffect(() => {
    if (!open) return;
    shownZone.current = timeZone;
    setErrors({});
    setFormError(null);
    setPendingFile(null);
    setMediaRemoved(false);
    setFileError(null);
    setWantsTemplate(Boolean(schedule?.templateName));
    const { contact, connectionId } = initial.current;
    setValues(
      schedule
        ? scheduleToForm(schedule, timeZone)
        : emptyScheduleForm(timeZone, new Date(), contact ?? null, connectionId ?? null),
    );
  }, [open, schedule, initialContactId]);

  // A late answer for the company's zone (a slow network) moves only the send time into it:
  // nothing the user typed meanwhile is lost.
  useEffect(() => {
    if (!open || shownZone.current === timeZone) return;
    const before = shownZone.current;
    shownZone.current = timeZone;
    setValues((current) => ({ ...current, sendAt: moveClockInput(current.sendAt, before, timeZone) }));
  }, [open, timeZone]);

  const change = (patch: Partial<ScheduleFormValues>) => setValues((current) => ({ ...current, ...patch }));
  // A Cloud API connection chosen: a template may go instead of the text (docs/decisions/cloud-api-schedules.md).
  const cloudId =
    values.whatsappId !== '' &&
    connections.find((connection) => connection.id === values.whatsappId)?.provider === 'cloudapi'
      ? values.whatsappId
      : null;
  const hasTemplate = cloudId !== null && wantsTemplate;
  const shownName = pendingFile ? pendingFile.name : isMediaRemoved ? null : (schedule?.mediaName ?? null);

  const handlePick = (file: File) => {
    if (!(SCHEDULE_MEDIA_MIMETYPES as readonly string[]).includes(file.type)) {
      setFileError(t('media.wrongType'));
    } else if (file.size > SCHEDULE_MEDIA_MAX_BYTES) {
      setFileError(t('media.tooLarge'));
    } else {
      setFileError(null);
      setPendingFile(file);
    }
  };

  const handleSave = async (event: React.FormEvent) => {
    event.preventDefault();
    // Opened from inside another form (the contact modal): its submit must not reach that one.
    event.stopPropagation();
    setFormError(null);
    // A pending schedule may keep its time; one in error goes back to pending and needs a future one (server rule).
    const keptSendAt = schedule?.status === 'pending' ? scheduleToForm(schedule, timeZone).sendAt : null;
    if (hasTemplate && !values.template) {
      setErrors({ template: 'required' });
      return;
    }
    const result = formToFields(hasTemplate ? values : { ...values, template: null }, timeZone, new Date(), keptSendAt);
    setErrors(result.errors ?? {});
    if (!result.fields) return;
    setSaving(true);
    try {
      const saved = schedule
        ? await schedulesApi.update(schedule.id, result.fields)
        : await schedulesApi.create(result.fields);
      if (pendingFile) await schedulesApi.uploadMedia(saved.id, pendingFile);
      else if (isMediaRemoved && schedule?.mediaPath) await schedulesApi.removeMedia(saved.id);
      toast.success(t(schedule ? 'toasts.saved' : 'toasts.created'));
      void queryClient.invalidateQueries({ queryKey: schedulesKeys.all(user.companyId) });
      onClose();
    } catch (error) {
      setFormError(errorMessage(error) ?? t('common:genericError'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={isSaving ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={isPhone}
      aria-labelledby="schedule-dialog-title"
    >
      <form noValidate onSubmit={handleSave} data-testid="schedule-form">
        <DialogTitle id="schedule-dialog-title">
          {t(schedule && isSent ? lockedTitleKey(schedule.status) : schedule ? 'form.editTitle' : 'form.addTitle')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {isSent && schedule && (
              <Alert severity={schedule.status === 'sent' ? 'info' : 'warning'} data-testid="schedule-locked-hint">
                {t(lockedHintKey(schedule.status))}
              </Alert>
            )}
            {formError && (
              <Alert severity="error" data-testid="schedule-form-error">
                {formError}
              </Alert>
            )}
            <ScheduleContactField
              companyId={user.companyId}
              value={values.contact}
              onChange={(contact) => change({ contact })}
              error={errors.contact ? t(`validation.${errors.contact}`) : undefined}
              disabled={isSent}
            />
            {!hasTemplate && (
              <TextField
                label={t('fields.body')}
                required
                fullWidth
                multiline
                minRows={3}
                maxRows={10}
                value={values.body}
                disabled={isSent}
                onChange={(event) => change({ body: event.target.value })}
                error={Boolean(errors.body)}
                helperText={errors.body ? t(`validation.${errors.body}`) : undefined}
                slotProps={{ htmlInput: { 'data-testid': 'schedule-body', maxLength: 4096 } }}
              />
            )}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <CompanyTimeField
                label={t('fields.sendAt')}
                required
                value={values.sendAt}
                timeZone={timeZone}
                disabled={isSent}
                onChange={(sendAt) => change({ sendAt })}
                error={errors.sendAt ? t(`validation.${errors.sendAt}`) : undefined}
                testId="schedule-send-at"
              />
              <TextField
                select
                fullWidth
                label={t('fields.connection')}
                value={values.whatsappId}
                disabled={isSent}
                onChange={(event) =>
                  change({
                    whatsappId: event.target.value === '' ? '' : Number(event.target.value),
                    template: null,
                  })
                }
                slotProps={{
                  inputLabel: { shrink: true },
                  select: {
                    displayEmpty: true,
                    SelectDisplayProps: { 'data-testid': 'schedule-connection' } as object,
                  },
                }}
              >
                <MenuItem value="">{t('fields.connectionAuto')}</MenuItem>
                {connections.map((connection) => (
                  <MenuItem key={connection.id} value={connection.id}>
                    {connection.name}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
            {cloudId !== null && (
              <>
                {!hasTemplate && (
                  <Alert severity="warning" data-testid="schedule-window-hint">
                    {t('form.serviceWindowHint')}
                  </Alert>
                )}
                <FormControlLabel
                  control={
                    <Switch
                      checked={wantsTemplate}
                      disabled={isSent}
                      onChange={(event) => setWantsTemplate(event.target.checked)}
                      slotProps={{ input: { 'data-testid': 'schedule-use-template' } as object }}
                    />
                  }
                  label={t('form.useTemplate')}
                />
                {hasTemplate && (
                  <TemplateFields
                    whatsappId={cloudId}
                    value={values.template}
                    onChange={(template) => change({ template })}
                    disabled={isSent}
                  />
                )}
                {hasTemplate && errors.template && (
                  <Alert severity="error" data-testid="schedule-template-error">
                    {t('form.templateIncomplete')}
                  </Alert>
                )}
              </>
            )}
            <ScheduleRecurrenceFields values={values} errors={errors} onChange={change} disabled={isSent} />
            {!hasTemplate && (
              <ScheduleAttachment
                name={shownName}
                error={fileError}
                disabled={isSent}
                onPick={handlePick}
                onRemove={() => {
                  setPendingFile(null);
                  setMediaRemoved(true);
                }}
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} color="inherit" disabled={isSaving} data-testid="schedule-cancel">
            {t(isSent ? 'common:actions.close' : 'common:actions.cancel')}
          </Button>
          {!isSent && (
            <Button type="submit" variant="contained" loading={isSaving} data-testid="schedule-save">
              {t('common:actions.save')}
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
