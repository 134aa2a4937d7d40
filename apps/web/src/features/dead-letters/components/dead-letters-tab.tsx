import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeadLetter } from '@wacrm/shared/dead-letters/dead-letter.schema';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredSpinner } from '../../../components/ui/centered-spinner.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { deadLettersApi, deadLettersKeys } from '../api/dead-letters-api.ts';

/** The payload as indented JSON when it parses, as it is otherwise. */
function readable(payload: string) {
  try {
    return JSON.stringify(JSON.parse(payload), null, 2);
  } catch {
    return payload;
  }
}

/**
 * Settings → Undelivered messages: inbound messages the server could not store and kept
 * (docs/baileys.md, "Acknowledged means stored"), with the provider's payload, for admins.
 */
export function DeadLettersTab() {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const letters = useQuery({ queryKey: deadLettersKeys.list, queryFn: deadLettersApi.list });
  const [dismissing, setDismissing] = useState<DeadLetter | null>(null);
  const dismiss = useMutation({
    mutationFn: (id: number) => deadLettersApi.dismiss(id),
    onSuccess: () => {
      toast.success(t('deadLetters.dismissed'));
      setDismissing(null);
      void queryClient.invalidateQueries({ queryKey: deadLettersKeys.list });
    },
  });

  if (letters.isPending) return <CenteredSpinner />;
  if (letters.isError) return <Alert severity="error">{t('deadLetters.loadError')}</Alert>;

  return (
    <Box data-testid="dead-letters">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('deadLetters.intro')}
      </Typography>
      {letters.data.length === 0 && <Alert severity="success">{t('deadLetters.empty')}</Alert>}
      {letters.data.map((letter) => (
        <Accordion key={letter.id} disableGutters data-testid="dead-letter">
          <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`dead-letter-${letter.id}`}>
            <Stack sx={{ minWidth: 0, flex: 1 }}>
              <Typography variant="subtitle2" noWrap>
                {letter.connectionName ?? t('deadLetters.deletedConnection')} · {formatDateTime(letter.createdAt)}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {letter.reason}
              </Typography>
            </Stack>
          </AccordionSummary>
          <AccordionDetails id={`dead-letter-${letter.id}`}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
              <Typography variant="caption" color="text.secondary" sx={{ flex: 1, overflowWrap: 'anywhere' }}>
                {t('deadLetters.messageId', { id: letter.externalId })}
              </Typography>
              <Tooltip title={t('deadLetters.dismiss')}>
                <IconButton
                  aria-label={t('deadLetters.dismiss')}
                  onClick={() => setDismissing(letter)}
                  data-testid="dead-letter-dismiss"
                >
                  <DeleteOutlineIcon />
                </IconButton>
              </Tooltip>
            </Stack>
            <Box
              component="pre"
              sx={{
                m: 0,
                p: 1.5,
                borderRadius: 1,
                bgcolor: 'action.hover',
                fontSize: 12,
                overflow: 'auto',
                maxHeight: 320,
                whiteSpace: 'pre-wrap',
                overflowWrap: 'anywhere',
              }}
            >
              {readable(letter.payload)}
            </Box>
          </AccordionDetails>
        </Accordion>
      ))}
      <ConfirmDialog
        open={dismissing !== null}
        title={t('deadLetters.confirmTitle')}
        confirmLabel={t('deadLetters.dismiss')}
        isBusy={dismiss.isPending}
        onConfirm={() => dismissing && dismiss.mutate(dismissing.id)}
        onClose={() => setDismissing(null)}
      >
        {t('deadLetters.confirmText')}
      </ConfirmDialog>
    </Box>
  );
}
