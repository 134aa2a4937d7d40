import HelpOutline from '@mui/icons-material/HelpOutlineOutlined';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Help } from '@wacrm/shared/helps/help.schema';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HelpCard } from '../components/help-card.tsx';
import { HelpVideoDialog } from '../components/help-video-dialog.tsx';
import { useHelps } from '../hooks/use-helps.ts';

/** spec: a grid of video cards; the title shows the count; a card opens the video. */
export function HelpsPage() {
  const { t } = useTranslation('helps');
  const { data: helps = [], isPending } = useHelps();
  const [selected, setSelected] = useState<Help | null>(null);

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1" data-testid="helps-title">
        {t('page.title', { count: helps.length })}
      </Typography>
      {isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
          <CircularProgress size={32} />
        </Box>
      ) : helps.length === 0 ? (
        <Paper variant="outlined" sx={{ py: 8, px: 2, textAlign: 'center' }} data-testid="helps-empty">
          <HelpOutline sx={{ fontSize: 48, color: 'text.disabled' }} />
          <Typography variant="subtitle1" sx={{ mt: 1 }}>
            {t('page.empty')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('page.emptyHint')}
          </Typography>
        </Paper>
      ) : (
        <Box
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 260px), 1fr))' }}
          data-testid="helps-grid"
        >
          {helps.map((help) => (
            <HelpCard key={help.id} help={help} onOpen={setSelected} />
          ))}
        </Box>
      )}
      <HelpVideoDialog help={selected} onClose={() => setSelected(null)} />
    </Stack>
  );
}
