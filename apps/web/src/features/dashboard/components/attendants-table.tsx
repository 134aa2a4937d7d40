import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import type { Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { DashboardAttendant } from '@wacrm/shared/dashboard/dashboard.schema';
import { useTranslation } from 'react-i18next';
import { formatMinutes } from '../model/duration.ts';
import { AttendantOnlineChip } from './attendant-online-chip.tsx';
import { AttendantRating } from './attendant-rating.tsx';
import { AttendantsCards } from './attendants-cards.tsx';

/** spec: name, rating 0–3 (0 = none), average talk time in minutes, online now; plus tickets closed. */
export function AttendantsTable({ attendants }: { attendants: DashboardAttendant[] | undefined }) {
  const { t } = useTranslation('dashboard');
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  if (isPhone) return <AttendantsCards attendants={attendants} />;
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
                <AttendantRating rating={attendant.rating} />
              </TableCell>
              <TableCell align="right">{formatMinutes(attendant.avgSupportTime, t)}</TableCell>
              <TableCell align="right">{attendant.tickets}</TableCell>
              <TableCell align="center">
                <AttendantOnlineChip isOnline={attendant.online} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
