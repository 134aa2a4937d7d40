import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ConnectionFields,
  type ConnectionRecord,
  connectionFieldsSchema,
} from '@wacrm/shared/connections/connection.schema';
import { useEffect, useState } from 'react';
import { type FieldErrors, FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-error.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { toast } from '../../../lib/toast.ts';
import { connectionsApi, connectionsKeys } from '../api/connections-api.ts';
import { connectionFieldError } from '../model/connection-errors.ts';
import {
  type ConnectionFormValues,
  type ConnectionTab,
  connectionTabs,
  emptyConnectionForm,
  tabOfField,
  toConnectionForm,
} from '../model/connection-form.ts';
import { ConnectionAssessmentsTab } from './connection-assessments-tab.tsx';
import { ConnectionAutomationTab } from './connection-automation-tab.tsx';
import { ConnectionGeneralTab } from './connection-general-tab.tsx';
import { ConnectionHoursTab } from './connection-hours-tab.tsx';
import { ConnectionIntegrationsTab } from './connection-integrations-tab.tsx';
import { ConnectionMessagesTab } from './connection-messages-tab.tsx';

interface ConnectionDialogProps {
  open: boolean;
  /** The connection to edit; null adds one. */
  connectionId: number | null;
  onClose: () => void;
  /** Called with the new connection after a create (the page opens its QR code, or its webhook details). */
  onCreated?: (connection: ConnectionRecord) => void;
}

export function ConnectionDialog({ open, connectionId, onClose, onCreated }: ConnectionDialogProps) {
  const { t } = useTranslation(['connections', 'common']);
  const queryClient = useQueryClient();
  const isPhone = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const [tab, setTab] = useState<ConnectionTab>('general');
  const [formError, setFormError] = useState<string | null>(null);
  const detail = useQuery({
    queryKey: connectionsKeys.detail(connectionId ?? 0),
    queryFn: () => connectionsApi.find(connectionId ?? 0),
    enabled: open && connectionId !== null,
    staleTime: 0,
  });
  const form = useForm<ConnectionFormValues, unknown, ConnectionFields>({
    resolver: zodResolver(connectionFieldsSchema) as never,
    defaultValues: emptyConnectionForm(),
  });
  const { reset, handleSubmit, setError, formState } = form;
  // The fields mount only once the form holds the loaded record: values written into mounted
  // inputs by a later reset leave MUI's labels over them.
  const [formData, setFormData] = useState<typeof detail.data>(undefined);
  const isLoading = connectionId !== null && (detail.isPending || formData !== detail.data);

  useEffect(() => {
    if (!open) {
      setFormData(undefined);
      return;
    }
    setTab('general');
    setFormError(null);
    if (connectionId === null) reset(emptyConnectionForm());
    else if (detail.data) {
      reset(toConnectionForm(detail.data));
      setFormData(detail.data);
    }
  }, [open, connectionId, detail.data, reset]);

  const showFirstInvalidTab = (errors: FieldErrors<ConnectionFormValues>) => {
    const first = Object.keys(errors)[0];
    if (first && tabOfField[first]) setTab(tabOfField[first]);
  };

  const handleSave = async (fields: ConnectionFields) => {
    setFormError(null);
    try {
      const saved = connectionId
        ? await connectionsApi.update(connectionId, fields)
        : await connectionsApi.create(fields);
      toast.success(t('toasts.saved'));
      void queryClient.invalidateQueries({ queryKey: connectionsKeys.all });
      onClose();
      if (!connectionId) onCreated?.(saved);
    } catch (error) {
      const fieldErrors = isApiError(error) ? (error.fields ?? {}) : {};
      for (const [field, text] of Object.entries(fieldErrors)) {
        setError(field as keyof ConnectionFormValues, { message: connectionFieldError(field, text, t) });
      }
      const firstField = Object.keys(fieldErrors)[0];
      if (firstField && tabOfField[firstField]) setTab(tabOfField[firstField]);
      if (isApiError(error) && error.code === 'ERR_WAPP_GREETING_REQUIRED') setTab('messages');
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
      aria-labelledby="connection-dialog-title"
      // One height for every tab, so the dialog does not jump while the user moves between them.
      slotProps={{ paper: { sx: { height: { sm: 'min(720px, calc(100% - 64px))' } } } }}
    >
      <FormProvider {...form}>
        <Box
          component="form"
          noValidate
          onSubmit={handleSubmit(handleSave, showFirstInvalidTab)}
          data-testid="connection-form"
          sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}
        >
          <DialogTitle id="connection-dialog-title">
            {connectionId ? t('form.editTitle') : t('form.addTitle')}
          </DialogTitle>
          <Tabs
            value={tab}
            onChange={(_event, value: ConnectionTab) => setTab(value)}
            variant="scrollable"
            allowScrollButtonsMobile
            // Narrower tabs: the six labels fit the desktop dialog without scroll arrows.
            sx={{ px: 2, borderBottom: 1, borderColor: 'divider', '& .MuiTab-root': { minWidth: 0, px: 1.5 } }}
          >
            {connectionTabs.map((name) => (
              <Tab key={name} value={name} label={t(`form.tabs.${name}`)} data-testid={`connection-tab-${name}`} />
            ))}
          </Tabs>
          <DialogContent>
            {formError && (
              <Alert severity="error" sx={{ mb: 2 }} data-testid="connection-form-error">
                {formError}
              </Alert>
            )}
            {isLoading ? (
              <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
                <CircularProgress size={32} />
              </Box>
            ) : (
              <>
                <Box hidden={tab !== 'general'}>
                  <ConnectionGeneralTab
                    isEditing={connectionId !== null}
                    isOpen={open}
                    cloudWebhook={
                      formData?.cloudWebhookUrl && formData.cloudVerifyToken
                        ? { url: formData.cloudWebhookUrl, verifyToken: formData.cloudVerifyToken }
                        : null
                    }
                  />
                </Box>
                <Box hidden={tab !== 'messages'}>
                  <ConnectionMessagesTab />
                </Box>
                <Box hidden={tab !== 'assessments'}>
                  <ConnectionAssessmentsTab />
                </Box>
                <Box hidden={tab !== 'automation'}>
                  <ConnectionAutomationTab isOpen={open} />
                </Box>
                <Box hidden={tab !== 'integrations'}>
                  <ConnectionIntegrationsTab />
                </Box>
                <Box hidden={tab !== 'hours'}>
                  <ConnectionHoursTab />
                </Box>
              </>
            )}
          </DialogContent>
          <DialogActions sx={{ px: 3, py: 2 }}>
            <Button onClick={onClose} color="inherit" disabled={formState.isSubmitting}>
              {t('common:actions.cancel')}
            </Button>
            <Button
              type="submit"
              variant="contained"
              loading={formState.isSubmitting}
              disabled={isLoading}
              data-testid="connection-save"
            >
              {t('common:actions.save')}
            </Button>
          </DialogActions>
        </Box>
      </FormProvider>
    </Dialog>
  );
}
