import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import type { CampaignRecord } from '@wacrm/shared/campaigns/campaign.schema';
import { FILE_OPTION_MAX_BYTES } from '@wacrm/shared/campaigns/contact-list.schema';
import { fromWallClockInput, toWallClockInput } from '@wacrm/shared/schedules/wall-clock';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { formatDateTimeIn } from '../../../lib/format.ts';
import { moveClockInput, toCompanyTimeText } from '../../../lib/time-zone.ts';
import { useSessionUser } from '../../auth/index.ts';
import { type TemplateChoice, TemplateFields } from '../../connections/index.ts';
import { CompanyTimeField, useCompanyTimeZone, useZoneLabel } from '../../settings/index.ts';
import { campaignsApi } from '../api/campaigns-api.ts';
import { type CampaignMessages, CampaignTexts } from './campaign-texts.tsx';

/** spec: the campaign dialog; read-only (and titled so) when the campaign can no longer change. */
export function CampaignDialog(props: {
  open: boolean;
  record: CampaignRecord | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(['campaigns', 'errors']);
  const user = useSessionUser();
  // spec: scheduledAt is 'YYYY-MM-DD HH:mm:ss', which the server reads on the company's clock.
  const timeZone = useCompanyTimeZone(user.companyId, props.open);
  const zoneLabel = useZoneLabel();
  const connections = useQuery({
    queryKey: ['campaign-connections'],
    queryFn: campaignsApi.connections,
    enabled: props.open,
  });
  const lists = useQuery({ queryKey: ['contact-lists-all'], queryFn: campaignsApi.allLists, enabled: props.open });
  const tags = useQuery({ queryKey: ['campaign-tags'], queryFn: campaignsApi.tags, enabled: props.open });
  const fileLists = useQuery({
    queryKey: ['campaign-file-lists'],
    queryFn: () => campaignsApi.files('', 1),
    enabled: props.open,
  });
  const settings = useQuery({ queryKey: ['campaign-settings'], queryFn: campaignsApi.settings, enabled: props.open });
  const [name, setName] = useState('');
  const [whatsappId, setWhatsappId] = useState<number | ''>('');
  const [audience, setAudience] = useState<'list' | 'tag'>('list');
  const [contactListId, setContactListId] = useState<number | ''>('');
  const [tagId, setTagId] = useState<number | ''>('');
  const [messages, setMessages] = useState<CampaignMessages>(['', '', '', '', '']);
  const [template, setTemplate] = useState<TemplateChoice | null>(null);
  /** `YYYY-MM-DDTHH:mm` on the company's clock, or ''. */
  const [scheduledAt, setScheduledAt] = useState('');
  // The zone the time is shown in; the company's may arrive after the dialog opened.
  const shownZone = useRef(timeZone);
  const [pastTime, setPastTime] = useState<Date | null>(null);
  const [fileListId, setFileListId] = useState<number | ''>('');
  const [error, setError] = useState<string | null>(null);
  const [pendingFile, setPendingFile] = useState<File | null>(null);
  const [isMediaRemoved, setMediaRemoved] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  // A new campaign saved whose file then failed: saving again updates it instead of adding another.
  const [savedId, setSavedId] = useState<number | null>(null);
  const [isSaving, setSaving] = useState(false);
  const record = props.record;
  const readOnly = record !== null && !record.editable;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form resets when the dialog opens or its record changes; a later zone only moves the time (below)
  useEffect(() => {
    if (!props.open) return;
    shownZone.current = timeZone;
    setPastTime(null);
    setError(null);
    setName(record?.name ?? '');
    setWhatsappId(record?.whatsappId ?? '');
    setAudience(record?.tagId ? 'tag' : 'list');
    setContactListId(record?.contactListId ?? '');
    setTagId(record?.tagId ?? '');
    setMessages([
      record?.message1 ?? '',
      record?.message2 ?? '',
      record?.message3 ?? '',
      record?.message4 ?? '',
      record?.message5 ?? '',
    ]);
    setTemplate(
      record?.templateName
        ? { name: record.templateName, language: record.templateLanguage ?? '', variables: record.templateVariables }
        : null,
    );
    setScheduledAt(record?.scheduledAt ? toWallClockInput(new Date(record.scheduledAt), timeZone) : '');
    setFileListId(record?.fileListId ?? '');
    setPendingFile(null);
    setMediaRemoved(false);
    setFileError(null);
    setSavedId(null);
  }, [props.open, record]);

  // A late answer for the company's zone moves only the time into it: nothing typed is lost.
  useEffect(() => {
    if (!props.open || shownZone.current === timeZone) return;
    const before = shownZone.current;
    shownZone.current = timeZone;
    setScheduledAt((current) => moveClockInput(current, before, timeZone));
  }, [props.open, timeZone]);

  const shownMedia = pendingFile ? pendingFile.name : isMediaRemoved ? null : (record?.mediaName ?? null);
  // The type is read from the content by the server; only the size is known here.
  const pickMedia = (file: File) => {
    if (file.size > FILE_OPTION_MAX_BYTES) return setFileError(t('campaigns.media.tooLarge'));
    setFileError(null);
    setPendingFile(file);
  };

  const removeMedia = () => {
    setPendingFile(null);
    setMediaRemoved(true);
  };
  // docs/cloud-api.md: a Cloud API connection sends campaigns as an approved template, not the texts.
  const isCloud = connections.data?.find((connection) => connection.id === whatsappId)?.provider === 'cloudapi';
  const variables = [
    'name',
    'firstName',
    'number',
    'email',
    ...(settings.data?.variables.map((item) => item.key) ?? []),
  ];
  const save = async () => {
    // spec: empty strings are sent as null.
    const body = {
      name,
      whatsappId: Number(whatsappId),
      contactListId: audience === 'list' && contactListId ? Number(contactListId) : null,
      tagId: audience === 'tag' && tagId ? Number(tagId) : null,
      message1: messages[0] || null,
      message2: messages[1] || null,
      message3: messages[2] || null,
      message4: messages[3] || null,
      message5: messages[4] || null,
      scheduledAt: scheduledAt ? toCompanyTimeText(scheduledAt) : null,
      fileListId: fileListId ? Number(fileListId) : null,
      templateName: isCloud ? (template?.name ?? null) : null,
      templateLanguage: isCloud ? (template?.language ?? null) : null,
      templateVariables: isCloud ? (template?.variables ?? null) : null,
    };
    const id = record?.id ?? savedId;
    const mediaChanged = pendingFile !== null || (isMediaRemoved && Boolean(record?.mediaPath));
    // A time that has come starts the campaign on save, and a started one takes no new file: with a
    // file to change it is saved unscheduled first, gets its file, then its time.
    const scheduleLater = mediaChanged && body.scheduledAt !== null && record?.status !== 'CANCELADA';
    const first = scheduleLater ? { ...body, scheduledAt: null } : body;
    setSaving(true);
    setError(null);
    try {
      const saved = id ? await campaignsApi.update(id, first) : await campaignsApi.create(first);
      setSavedId(saved.id);
      if (pendingFile) await campaignsApi.uploadMedia(saved.id, pendingFile);
      else if (isMediaRemoved && record?.mediaPath) await campaignsApi.removeMedia(saved.id);
      if (scheduleLater) await campaignsApi.update(saved.id, body);
      props.onSaved();
      props.onClose();
    } catch (caught) {
      setError(caught instanceof ApiError ? t(`errors:${caught.code}`) : String(caught));
    } finally {
      setSaving(false);
    }
  };

  // A time that has passed starts the campaign the moment it is saved: asked first (a time typed on
  // the wrong clock once fired a campaign hours early without a word). A canceled one keeps its time.
  const handleSave = () => {
    const start = scheduledAt ? fromWallClockInput(scheduledAt, timeZone) : null;
    if (start && start <= new Date() && record?.status !== 'CANCELADA') setPastTime(start);
    else void save();
  };

  const title = readOnly
    ? t('campaigns.dialogReadOnly')
    : record
      ? t('campaigns.dialogEdit')
      : t('campaigns.dialogAdd');
  const canSave =
    !readOnly &&
    name.trim().length >= 2 &&
    whatsappId !== '' &&
    (audience === 'list' ? contactListId !== '' : tagId !== '') &&
    (isCloud ? Boolean(template?.variables.every((text) => text.trim())) : messages.some((text) => text.trim()));
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="md">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {readOnly && record && (
            <Alert severity="info" data-testid="campaign-read-only">
              {t(`campaigns.readOnlyHint.${record.status}`, { defaultValue: t('campaigns.readOnlyHint.other') })}
            </Alert>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label={t('campaigns.name')}
              value={name}
              disabled={readOnly}
              onChange={(event) => setName(event.target.value)}
              slotProps={{ htmlInput: { maxLength: 50, 'data-testid': 'campaign-name' } }}
              sx={{ flex: 1 }}
            />
            <TextField
              select
              label={t('campaigns.connection')}
              value={whatsappId}
              disabled={readOnly}
              onChange={(event) => {
                setWhatsappId(Number(event.target.value));
                // Another connection has other templates.
                setTemplate(null);
              }}
              sx={{ flex: 1 }}
              slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'campaign-connection' } as object } }}
            >
              {(connections.data ?? []).map((connection) => (
                <MenuItem key={connection.id} value={connection.id}>
                  {connection.name}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              label={t('campaigns.audience')}
              value={audience}
              disabled={readOnly}
              onChange={(event) => setAudience(event.target.value as 'list' | 'tag')}
              sx={{ flex: 1 }}
            >
              <MenuItem value="list">{t('campaigns.byList')}</MenuItem>
              <MenuItem value="tag">{t('campaigns.byTag')}</MenuItem>
            </TextField>
            {audience === 'list' ? (
              <TextField
                select
                label={t('campaigns.contactList')}
                value={contactListId}
                disabled={readOnly}
                onChange={(event) => setContactListId(Number(event.target.value))}
                sx={{ flex: 1 }}
                slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'campaign-list' } as object } }}
              >
                {(lists.data ?? []).map((list) => (
                  <MenuItem key={list.id} value={list.id}>
                    {list.name}
                  </MenuItem>
                ))}
              </TextField>
            ) : (
              <TextField
                select
                label={t('campaigns.tag')}
                value={tagId}
                disabled={readOnly}
                onChange={(event) => setTagId(Number(event.target.value))}
                sx={{ flex: 1 }}
              >
                {(tags.data ?? []).map((tag) => (
                  <MenuItem key={tag.id} value={tag.id}>
                    {tag.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <Box sx={{ flex: 1 }}>
              <CompanyTimeField
                label={t('campaigns.scheduledAt')}
                value={scheduledAt}
                timeZone={timeZone}
                disabled={readOnly}
                note={readOnly ? undefined : t('campaigns.scheduleHint')}
                onChange={setScheduledAt}
                testId="campaign-scheduled-at"
              />
            </Box>
          </Stack>
          {isCloud && typeof whatsappId === 'number' && (
            <>
              <Alert severity="info" variant="outlined">
                {t('campaigns.cloudTemplateHint')}
              </Alert>
              <TemplateFields
                whatsappId={whatsappId}
                value={template}
                onChange={setTemplate}
                disabled={readOnly && record?.status !== 'CANCELADA'}
                variablesHint={t('campaigns.variablesHint', { list: variables.map((key) => `{{${key}}}`).join(' ') })}
              />
            </>
          )}
          {!isCloud && (
            <CampaignTexts
              readOnly={readOnly}
              status={record?.status}
              messages={messages}
              onMessages={setMessages}
              variables={variables}
              fileListId={fileListId}
              fileLists={fileLists.data?.files ?? []}
              onFileList={setFileListId}
              media={{ name: shownMedia, error: fileError, onPick: pickMedia, onRemove: removeMedia }}
            />
          )}
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{readOnly ? t('campaigns.close') : t('campaigns.cancel')}</Button>
        {!readOnly && (
          <Button variant="contained" disabled={!canSave || isSaving} onClick={handleSave} data-testid="campaign-save">
            {t('campaigns.save')}
          </Button>
        )}
      </DialogActions>
      <ConfirmDialog
        open={pastTime !== null}
        title={t('campaigns.past.title')}
        confirmLabel={t('campaigns.past.startNow')}
        isDestructive={false}
        onConfirm={() => {
          setPastTime(null);
          void save();
        }}
        onClose={() => setPastTime(null)}
      >
        {pastTime &&
          t('campaigns.past.text', { time: formatDateTimeIn(pastTime, timeZone), zone: zoneLabel(timeZone, pastTime) })}
      </ConfirmDialog>
    </Dialog>
  );
}
