import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type QueueFields, queueColorPalette, queueFieldsSchema } from '@wacrm/shared/queues/queue.schema';
import { useEffect, useState } from 'react';
import { type FieldErrors, FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-error.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { toast } from '../../../lib/toast.ts';
import { queuesApi, queuesKeys } from '../api/queues-api.ts';
import {
  emptyQueueForm,
  type QueueFormValues,
  type QueueTab,
  queueTabs,
  tabOfField,
  toQueueForm,
} from '../model/queue-form.ts';
import { QueueAssignmentTab } from './queue-assignment-tab.tsx';
import { QueueDataTab } from './queue-data-tab.tsx';
import { QueueHoursTab } from './queue-hours-tab.tsx';
import { QueueOptionsEditor } from './queue-options-editor.tsx';

interface QueueDialogProps {
  open: boolean;
  /** The queue to edit; null adds one. */
  queueId: number | null;
  /** Colours already taken, so a new queue starts with a free one. */
  usedColors: readonly string[];
  onClose: () => void;
  /** A new queue saved to add its chatbot options: the dialog goes on editing it. */
  onCreated: (id: number) => void;
}

export function QueueDialog({ open, queueId, usedColors, onClose, onCreated }: QueueDialogProps) {
  const { t } = useTranslation(['queues', 'common']);
  const queryClient = useQueryClient();
  const isPhone = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const [tab, setTab] = useState<QueueTab>('data');
  const [formError, setFormError] = useState<string | null>(null);
  const detail = useQuery({
    queryKey: queuesKeys.detail(queueId ?? 0),
    queryFn: () => queuesApi.find(queueId ?? 0),
    enabled: open && queueId !== null,
    staleTime: 0,
  });
  const form = useForm<QueueFormValues, unknown, QueueFields>({
    resolver: zodResolver(queueFieldsSchema) as never,
    defaultValues: emptyQueueForm(),
  });
  const { reset, handleSubmit, setError, formState } = form;
  // The fields mount only once the form holds the loaded record: values written into mounted
  // inputs by a later reset leave MUI's labels over them.
  const [formData, setFormData] = useState<typeof detail.data>(undefined);
  const isLoading = queueId !== null && (detail.isPending || formData !== detail.data);
  const freeColor = queueColorPalette.find((color) => !usedColors.includes(color)) ?? '';

  // Reset on open and when a new queue turns into the one being edited; not on every list change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: freeColor is read once per opening.
  useEffect(() => {
    if (!open) {
      setFormData(undefined);
      return;
    }
    setFormError(null);
    if (queueId === null) {
      setTab('data');
      reset(emptyQueueForm(freeColor));
    } else if (detail.data) {
      reset(toQueueForm(detail.data));
      setFormData(detail.data);
    }
  }, [open, queueId, detail.data, reset]);

  const showFirstInvalidTab = (errors: FieldErrors<QueueFormValues>) => {
    const first = Object.keys(errors)[0];
    setTab(first && tabOfField[first] ? tabOfField[first] : 'data');
  };

  // Save closes the dialog, as everywhere; "save and add options" (the options editor's button on
  // a new queue) keeps it open in edit mode so the chatbot options can be added at once.
  const handleSave = async (fields: QueueFields, event?: React.BaseSyntheticEvent) => {
    setFormError(null);
    const submitter = (event?.nativeEvent as SubmitEvent | undefined)?.submitter;
    const staysOpen = submitter?.dataset.staysOpen === 'true';
    try {
      const saved = queueId ? await queuesApi.update(queueId, fields) : await queuesApi.create(fields);
      void queryClient.invalidateQueries({ queryKey: queuesKeys.all });
      toast.success(t(queueId ? 'toasts.saved' : 'toasts.created'));
      if (!queueId && staysOpen) onCreated(saved.id);
      else onClose();
    } catch (error) {
      const fieldErrors = isApiError(error) ? (error.fields ?? {}) : {};
      for (const field of Object.keys(fieldErrors)) {
        setError(field as keyof QueueFormValues, { message: errorMessage(error) ?? fieldErrors[field] });
      }
      const first = Object.keys(fieldErrors)[0];
      setTab(first && tabOfField[first] ? tabOfField[first] : 'data');
      setFormError(errorMessage(error) ?? t('common:genericError'));
    }
  };

  return (
    <Dialog
      open={open}
      onClose={formState.isSubmitting ? undefined : onClose}
      fullWidth
      maxWidth="md"
      fullScreen={isPhone}
      aria-labelledby="queue-dialog-title"
    >
      <FormProvider {...form}>
        <Box
          component="form"
          noValidate
          onSubmit={handleSubmit(handleSave, showFirstInvalidTab)}
          data-testid="queue-form"
          sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}
        >
          <DialogTitle id="queue-dialog-title">{queueId ? t('form.editTitle') : t('form.addTitle')}</DialogTitle>
          <Tabs
            value={tab}
            onChange={(_event, value: QueueTab) => setTab(value)}
            // Three tabs: they share a phone's width instead of scrolling.
            variant={isPhone ? 'fullWidth' : 'standard'}
            sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}
          >
            {queueTabs.map((name) => (
              <Tab key={name} value={name} label={t(`form.tabs.${name}`)} data-testid={`queue-tab-${name}`} />
            ))}
          </Tabs>
          <DialogContent sx={{ minHeight: { sm: 420 } }}>
            {formError && (
              <Alert severity="error" sx={{ mb: 2 }} data-testid="queue-form-error">
                {formError}
              </Alert>
            )}
            {isLoading ? (
              <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
                <CircularProgress size={32} />
              </Box>
            ) : (
              <>
                <Box hidden={tab !== 'data'}>
                  <QueueDataTab />
                  <Divider sx={{ my: 3 }} />
                  <QueueOptionsEditor queueId={queueId} />
                </Box>
                <Box hidden={tab !== 'assignment'}>
                  <QueueAssignmentTab />
                </Box>
                <Box hidden={tab !== 'hours'}>
                  <QueueHoursTab />
                </Box>
              </>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} color="inherit" disabled={formState.isSubmitting} data-testid="queue-close">
              {t('common:actions.cancel')}
            </Button>
            <Button
              type="submit"
              variant="contained"
              loading={formState.isSubmitting}
              disabled={isLoading}
              data-testid="queue-save"
            >
              {t('common:actions.save')}
            </Button>
          </DialogActions>
        </Box>
      </FormProvider>
    </Dialog>
  );
}
