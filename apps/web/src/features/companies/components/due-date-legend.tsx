import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { highlightBackground, highlightSwatch } from '../model/highlight-colors.ts';

const bands = ['soon', 'due', 'overdue'] as const;

/** Explains the row colours (spec §9 due-date highlight). */
export function DueDateLegend() {
  const { t } = useTranslation('companies');
  return (
    <Stack
      direction="row"
      component="ul"
      aria-label={t('legend.title')}
      data-testid="due-date-legend"
      sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'center', listStyle: 'none', m: 0, p: 0 }}
    >
      <Typography component="li" variant="caption" color="text.secondary" sx={{ fontWeight: 600 }}>
        {t('legend.title')}:
      </Typography>
      {bands.map((band) => (
        <Stack key={band} component="li" direction="row" sx={{ alignItems: 'center', gap: 0.75 }}>
          <Box
            sx={{
              width: 14,
              height: 14,
              borderRadius: 0.5,
              bgcolor: highlightBackground(band),
              border: 1,
              borderColor: highlightSwatch(band),
            }}
          />
          <Typography variant="caption">{t(`legend.${band}`)}</Typography>
        </Stack>
      ))}
    </Stack>
  );
}
