import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { companyEvent } from '@wacrm/shared/realtime/events';
import type { ScheduleRecord } from '@wacrm/shared/schedules/schedule.schema';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { OnceOpened } from '../../../components/ui/lazy-dialog.tsx';
import { TextLineSkeleton } from '../../../components/ui/text-line-skeleton.tsx';
import { formatDateTimeIn } from '../../../lib/format.ts';
import { useSocketEvent } from '../../../lib/socket-context.ts';
import { toast } from '../../../lib/toast.ts';
import { useCompanyTimeZone } from '../../settings/index.ts';
import { schedulesApi, schedulesKeys } from '../api/schedules-api.ts';
import type { ScheduleContactOption } from '../model/schedule-form.ts';
import { scheduleStateColor, scheduleStateText } from '../model/schedule-state.ts';
import { LazyScheduleDialog } from './lazy-schedule-dialog.ts';

interface ContactSchedulesProps {
  companyId: number;
  contact: ScheduleContactOption;
  /** The ticket's connection, for new schedules. */
  connectionId?: number | null;
}

/** A contact's schedules beside the conversation: add, edit and delete without leaving the ticket. */
export function ContactSchedules({ companyId, contact, connectionId }: ContactSchedulesProps) {
  const { t, i18n } = useTranslation('schedules');
  const queryClient = useQueryClient();
  const timeZone = useCompanyTimeZone(companyId);
  const [dialog, setDialog] = useState<{ schedule: ScheduleRecord | null }>();
  const [deleting, setDeleting] = useState<ScheduleRecord | null>(null);
  const query = useQuery({
    queryKey: [...schedulesKeys.all(companyId), 'contact', contact.id],
    queryFn: () => schedulesApi.ofContact(contact.id),
  });
  useSocketEvent(companyEvent(companyId, 'schedule'), () => {
    void queryClient.invalidateQueries({ queryKey: schedulesKeys.all(companyId) });
  });
  const schedules = query.data?.schedules.slice(0, 10) ?? [];
  const whenOf = (iso: string) => formatDateTimeIn(iso, timeZone);

  const handleDelete = async () => {
    if (!deleting) return;
    try {
      await schedulesApi.remove(deleting.id);
      toast.success(t('toasts.deleted'));
      void queryClient.invalidateQueries({ queryKey: schedulesKeys.all(companyId) });
    } finally {
      setDeleting(null);
    }
  };

  return (
    <div data-testid="contact-schedules">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle2">{t('title')}</Typography>
        <Button
          size="small"
          startIcon={<AddOutlined />}
          onClick={() => setDialog({ schedule: null })}
          data-testid="contact-schedules-add"
        >
          {t('add')}
        </Button>
      </Stack>
      {/* As tall as the "none" line that usually replaces it: what is below does not jump. */}
      {query.isLoading && <TextLineSkeleton label={t('common:loading')} />}
      {query.isSuccess && schedules.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('noneForContact')}
        </Typography>
      )}
      <List dense disablePadding>
        {schedules.map((schedule) => (
          <ListItem
            key={schedule.id}
            disableGutters
            data-testid="contact-schedule-item"
            secondaryAction={
              <Stack direction="row">
                <IconButton
                  size="small"
                  aria-label={t('actions.edit')}
                  onClick={() => setDialog({ schedule })}
                  data-testid="contact-schedule-edit"
                >
                  <EditOutlined fontSize="small" />
                </IconButton>
                <IconButton
                  size="small"
                  aria-label={t('actions.delete')}
                  onClick={() => setDeleting(schedule)}
                  data-testid="contact-schedule-delete"
                >
                  <DeleteOutline fontSize="small" />
                </IconButton>
              </Stack>
            }
          >
            <ListItemText
              sx={{ pr: 9 }}
              primary={schedule.body || schedule.templateName}
              secondary={
                <Stack component="span" direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <span>{whenOf(schedule.sendAt)}</span>
                  {schedule.status !== 'pending' && (
                    <Chip
                      component="span"
                      size="small"
                      color={scheduleStateColor(schedule.status)}
                      label={scheduleStateText(i18n, schedule)}
                      data-testid="contact-schedule-state"
                      data-state={schedule.status}
                    />
                  )}
                </Stack>
              }
              slotProps={{ primary: { noWrap: true } }}
            />
          </ListItem>
        ))}
      </List>
      <OnceOpened open={Boolean(dialog)}>
        <LazyScheduleDialog
          open={Boolean(dialog)}
          schedule={dialog?.schedule ?? null}
          initialContact={contact}
          initialConnectionId={connectionId}
          onClose={() => setDialog(undefined)}
        />
      </OnceOpened>
      <ConfirmDialog
        open={Boolean(deleting)}
        title={t('deleteTitle')}
        confirmLabel={t('actions.delete')}
        onConfirm={() => void handleDelete()}
        onClose={() => setDeleting(null)}
      >
        {deleting && t('deleteText', { name: contact.name })}
      </ConfirmDialog>
    </div>
  );
}
