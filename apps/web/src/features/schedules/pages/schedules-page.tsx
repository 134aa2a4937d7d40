import AddOutlined from '@mui/icons-material/AddOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import type { ScheduleRecord } from '@wacrm/shared/schedules/schedule.schema';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { SearchField } from '../../../components/ui/search-field.tsx';
import { toast } from '../../../lib/toast.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useSessionUser } from '../../auth/index.ts';
import { useClockDifference, useCompanyTimeZone } from '../../settings/index.ts';
import { schedulesApi, schedulesKeys } from '../api/schedules-api.ts';
import { ScheduleDialog } from '../components/schedule-dialog.tsx';
import { SchedulesCalendar } from '../components/schedules-calendar.tsx';
import { useSchedulesList } from '../hooks/use-schedules.ts';
import type { ScheduleContactOption } from '../model/schedule-form.ts';

/** The schedules screen (spec "Schedules page"): a calendar, a search, an add button; `?contactId=` adds for one contact. */
export function SchedulesPage() {
  const { t } = useTranslation(['schedules', 'common']);
  const session = useSessionUser();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search.trim(), 500);
  const list = useSchedulesList(session.companyId, debouncedSearch);
  const timeZone = useCompanyTimeZone(session.companyId);
  const clockDifference = useClockDifference(timeZone);
  const [dialog, setDialog] = useState<{ schedule: ScheduleRecord | null; contact: ScheduleContactOption | null }>();
  const [deleting, setDeleting] = useState<ScheduleRecord | null>(null);
  const [isDeleteBusy, setDeleteBusy] = useState(false);
  const schedules = list.data?.pages.flatMap((page) => page.schedules) ?? [];

  const contactId = Number(params.get('contactId'));
  useEffect(() => {
    if (!contactId) return;
    let isCurrent = true;
    schedulesApi
      .contact(contactId)
      .then((contact) => {
        if (isCurrent)
          setDialog({ schedule: null, contact: { id: contact.id, name: contact.name, number: contact.number } });
      })
      .catch(() => undefined)
      .finally(() => {
        if (isCurrent) setParams({}, { replace: true });
      });
    return () => {
      isCurrent = false;
    };
  }, [contactId, setParams]);

  const handleEdit = useCallback((schedule: ScheduleRecord) => setDialog({ schedule, contact: null }), []);
  const handleConfirmDelete = async () => {
    if (!deleting) return;
    setDeleteBusy(true);
    try {
      await schedulesApi.remove(deleting.id);
      toast.success(t('toasts.deleted'));
      setDeleting(null);
      void queryClient.invalidateQueries({ queryKey: schedulesKeys.all(session.companyId) });
    } catch {
      // The http client already toasted the coded error.
    } finally {
      setDeleteBusy(false);
    }
  };

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          {t('title')}
          {list.data && (
            <Typography component="span" color="text.secondary" sx={{ ml: 1 }} data-testid="schedules-count">
              ({list.data.pages[0]?.count ?? 0})
            </Typography>
          )}
        </Typography>
        <SearchField placeholder={t('search')} value={search} onChange={setSearch} testId="schedules-search" />
        <Button
          variant="contained"
          startIcon={<AddOutlined />}
          onClick={() => setDialog({ schedule: null, contact: null })}
          data-testid="schedules-add"
        >
          {t('add')}
        </Button>
      </Stack>
      {list.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void list.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {t('loadError')}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 }, position: 'relative' }}>
        {list.isFetching && <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />}
        {list.isSuccess && schedules.length === 0 && (
          <Typography color="text.secondary" sx={{ mb: 1 }} data-testid="schedules-empty">
            {debouncedSearch ? t('emptySearch') : t('empty')}
          </Typography>
        )}
        {clockDifference && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="schedules-clock-note">
            {t('calendarClock', clockDifference)}
          </Typography>
        )}
        <SchedulesCalendar schedules={schedules} timeZone={timeZone} onEdit={handleEdit} onDelete={setDeleting} />
      </Paper>
      <ScheduleDialog
        open={Boolean(dialog)}
        schedule={dialog?.schedule ?? null}
        initialContact={dialog?.contact ?? null}
        onClose={() => setDialog(undefined)}
      />
      <ConfirmDialog
        open={Boolean(deleting)}
        title={t('deleteTitle')}
        confirmLabel={t('actions.delete')}
        isBusy={isDeleteBusy}
        onConfirm={() => void handleConfirmDelete()}
        onClose={() => setDeleting(null)}
      >
        {deleting && t('deleteText', { name: deleting.contact.name })}
      </ConfirmDialog>
    </Stack>
  );
}
