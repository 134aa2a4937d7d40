import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';

/**
 * A loading line exactly as tall as one line of body2 text (the skeleton takes its font's line
 * height). Put where a one-line text (most often "nothing yet") will come, so what is below does
 * not move when it does.
 */
export function TextLineSkeleton({ label }: { label: string }) {
  return (
    <Typography variant="body2" role="progressbar" aria-label={label}>
      <Skeleton width="40%" />
    </Typography>
  );
}
