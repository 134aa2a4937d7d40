import StarRounded from '@mui/icons-material/StarRounded';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Rating from '@mui/material/Rating';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { DashboardAttendant } from '@wacrm/shared/dashboard/dashboard.schema';
import { useTranslation } from 'react-i18next';
import { formatMinutes } from '../model/duration.ts';

/** spec: name, rating 0–3 (0 = none), average talk time in minutes, online now; plus tickets closed. */
export function AttendantsTable({ attendants }: { attendants: DashboardAttendant[] | undefined }) {
  const { t } = useTranslation('dashboard');
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" sx={{ minWidth: 560 }} aria-label={t('attendants.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('attendants.name')}</TableCell>
            <TableCell>{t('attendants.rating')}</TableCell>
            <TableCell align="right">{t('attendants.avgSupportTime')}</TableCell>
            <TableCell align="right">{t('attendants.tickets')}</TableCell>
            <TableCell align="center">{t('attendants.status')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {!attendants &&
            [0, 1, 2].map((row) => (
              <TableRow key={row}>
                {[0, 1, 2, 3, 4].map((cell) => (
                  <TableCell key={cell}>
                    <Skeleton />
                  </TableCell>
                ))}
              </TableRow>
            ))}
          {attendants?.length === 0 && (
            <TableRow>
              <TableCell colSpan={5} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                {t('attendants.empty')}
              </TableCell>
            </TableRow>
          )}
          {attendants?.map((attendant) => (
            <TableRow key={attendant.id} hover data-testid="attendant-row" data-attendant-name={attendant.name}>
              <TableCell sx={{ fontWeight: 500 }}>{attendant.name}</TableCell>
              <TableCell>
                {attendant.rating > 0 ? (
                  <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
                    <Rating
                      value={attendant.rating}
                      max={3}
                      precision={0.1}
                      readOnly
                      size="small"
                      icon={<StarRounded fontSize="inherit" />}
                      emptyIcon={<StarRounded fontSize="inherit" />}
                    />
                    <Typography variant="body2" color="text.secondary">
                      {attendant.rating.toLocaleString(undefined, { maximumFractionDigits: 2 })}
                    </Typography>
                  </Stack>
                ) : (
                  <Typography variant="body2" color="text.secondary">
                    {t('attendants.noRating')}
                  </Typography>
                )}
              </TableCell>
              <TableCell align="right">{formatMinutes(attendant.avgSupportTime, t)}</TableCell>
              <TableCell align="right">{attendant.tickets}</TableCell>
              <TableCell align="center">
                <Chip
                  size="small"
                  variant={attendant.online ? 'filled' : 'outlined'}
                  color={attendant.online ? 'success' : 'default'}
                  label={attendant.online ? t('attendants.online') : t('attendants.offline')}
                  data-testid="attendant-online"
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
