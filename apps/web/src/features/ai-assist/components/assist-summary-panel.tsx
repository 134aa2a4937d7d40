import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-error.ts';
import { toast } from '../../../lib/toast.ts';
import { aiAssistApi } from '../api/ai-assist-api.ts';
import { useAssistRun } from '../hooks/use-assist.ts';
import { AssistError } from './assist-error.tsx';

interface AssistSummaryPanelProps {
  open: boolean;
  ticketId: number;
  contactId: number;
  onClose: () => void;
}

/** The side panel of the ticket header's summary: streamed as written, cancellable, copied to a note. */
export function AssistSummaryPanel({ open, ticketId, contactId, onClose }: AssistSummaryPanelProps) {
  const { t } = useTranslation('aiAssist');
  const run = useAssistRun(ticketId);
  const [includeEarlier, setIncludeEarlier] = useState(false);
  const [isSaving, setIsSaving] = useState(false);

  const generate = () => void run.start('summary', { includeEarlier });
  const handleClose = () => {
    run.cancel();
    onClose();
  };
  const copyToNote = async () => {
    setIsSaving(true);
    try {
      await aiAssistApi.addNote(ticketId, contactId, run.text);
      toast.success(t('summary.noted'));
    } catch (error) {
      if (!isApiError(error)) throw error; // the http client toasted it
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={handleClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 400 } }, 'data-testid': 'assist-summary-panel' } as object }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="h6" sx={{ flex: 1 }}>
          {t('summary.title')}
        </Typography>
        <IconButton aria-label={t('close')} onClick={handleClose}>
          <CloseIcon />
        </IconButton>
      </Stack>
      <Stack spacing={2} sx={{ p: 2 }}>
        <FormControlLabel
          control={
            <Switch
              checked={includeEarlier}
              onChange={(event) => setIncludeEarlier(event.target.checked)}
              disabled={run.isRunning}
              data-testid="assist-summary-earlier"
            />
          }
          label={t('summary.includeEarlier')}
        />
        {run.isRunning && <LinearProgress />}
        {run.text ? (
          <Box
            sx={{
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
              typography: 'body2',
              p: 1.5,
              borderRadius: 1,
              bgcolor: 'action.hover',
            }}
            data-testid="assist-summary-text"
          >
            {run.text}
          </Box>
        ) : (
          !run.isRunning && (
            <Typography variant="body2" color="text.secondary">
              {t('summary.hint')}
            </Typography>
          )
        )}
        <AssistError code={run.error} />
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
          {run.isRunning ? (
            <Button variant="outlined" color="warning" onClick={run.cancel} data-testid="assist-cancel">
              {t('cancel')}
            </Button>
          ) : (
            <Button variant="contained" onClick={generate} data-testid="assist-summary-generate">
              {run.text ? t('summary.again') : t('summary.generate')}
            </Button>
          )}
          <Button
            variant="outlined"
            disabled={!run.text || run.isRunning || isSaving}
            onClick={() => void copyToNote()}
            data-testid="assist-summary-note"
          >
            {t('summary.copyToNote')}
          </Button>
        </Stack>
        <Typography variant="caption" color="text.secondary">
          {t('disclaimer')}
        </Typography>
      </Stack>
    </Drawer>
  );
}
