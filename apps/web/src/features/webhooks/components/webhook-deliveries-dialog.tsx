import ReplayIcon from '@mui/icons-material/Replay';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WebhookEndpoint } from '@wacrm/shared/webhooks/webhook.schema';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredSpinner } from '../../../components/ui/centered-spinner.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { webhooksApi, webhooksKeys } from '../api/webhooks-api.ts';

const statusColor = { pending: 'warning', succeeded: 'success', failed: 'error' } as const;

/** The delivery log of one endpoint, newest first, each with its outcome and "send again". */
export function WebhookDeliveriesDialog({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose: () => void }) {
  const { t } = useTranslation(['webhooks', 'common']);
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const log = useQuery({
    queryKey: webhooksKeys.deliveries(endpoint.id, page),
    queryFn: () => webhooksApi.deliveries(endpoint.id, page),
    placeholderData: keepPreviousData,
    // Pending deliveries move on their own: look again while any is pending.
    refetchInterval: (query) => (query.state.data?.deliveries.some((d) => d.status === 'pending') ? 2000 : false),
  });
  const retry = useMutation({
    mutationFn: (deliveryId: number) => webhooksApi.retry(endpoint.id, deliveryId),
    onSuccess: () => {
      toast.success(t('log.retried'));
      void queryClient.invalidateQueries({ queryKey: ['webhooks', endpoint.id, 'deliveries'] });
    },
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" data-testid="webhook-deliveries">
      <DialogTitle sx={{ overflowWrap: 'anywhere' }}>{t('log.title', { url: endpoint.url })}</DialogTitle>
      <DialogContent dividers>
        {log.isPending && <CenteredSpinner />}
        {log.isError && <Alert severity="error">{t('log.loadError')}</Alert>}
        {log.data?.deliveries.length === 0 && <Alert severity="info">{t('log.empty')}</Alert>}
        <Stack spacing={1}>
          {log.data?.deliveries.map((delivery) => (
            <Stack
              key={delivery.id}
              direction="row"
              spacing={1}
              data-testid="webhook-delivery"
              sx={{
                alignItems: 'center',
                p: 1,
                borderRadius: 1,
                bgcolor: 'action.hover',
                flexWrap: 'wrap',
                rowGap: 0.5,
              }}
            >
              <Chip size="small" color={statusColor[delivery.status]} label={t(`log.status.${delivery.status}`)} />
              <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
                {delivery.eventType}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 160 }}>
                {formatDateTime(delivery.lastAttemptAt ?? delivery.createdAt)} ·{' '}
                {delivery.responseStatus !== null
                  ? t('log.code', { code: delivery.responseStatus })
                  : delivery.error
                    ? t(`log.errors.${delivery.error}`, {
                        defaultValue: t(`errors:${delivery.error}`, { defaultValue: delivery.error }),
                      })
                    : '–'}{' '}
                · {t('log.attempts', { count: delivery.attempts })}
                {delivery.durationMs !== null && ` · ${delivery.durationMs} ms`}
              </Typography>
              <Tooltip title={t('log.sendAgain')}>
                <span>
                  <IconButton
                    aria-label={t('log.sendAgain')}
                    onClick={() => retry.mutate(delivery.id)}
                    disabled={retry.isPending}
                    data-testid="webhook-delivery-retry"
                  >
                    <ReplayIcon />
                  </IconButton>
                </span>
              </Tooltip>
            </Stack>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        {(page > 1 || log.data?.hasMore) && (
          <>
            <Button disabled={page === 1} onClick={() => setPage((p) => p - 1)}>
              {t('log.newer')}
            </Button>
            <Button disabled={!log.data?.hasMore} onClick={() => setPage((p) => p + 1)}>
              {t('log.older')}
            </Button>
          </>
        )}
        <Button onClick={onClose} variant="contained">
          {t('common:actions.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
