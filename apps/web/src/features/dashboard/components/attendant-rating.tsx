import StarRounded from '@mui/icons-material/StarRounded';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format.ts';

/** spec: rating 0–3, where 0 means no rating yet. */
export function AttendantRating({ rating }: { rating: number }) {
  const { t, i18n } = useTranslation('dashboard');
  if (rating <= 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('attendants.noRating')}
      </Typography>
    );
  }
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
      <Rating
        value={rating}
        max={3}
        precision={0.1}
        readOnly
        size="small"
        icon={<StarRounded fontSize="inherit" />}
        emptyIcon={<StarRounded fontSize="inherit" />}
      />
      <Typography variant="body2" color="text.secondary">
        {formatNumber(rating, i18n.language, 2)}
      </Typography>
    </Stack>
  );
}
