import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DashboardAttendant } from '@wacrm/shared/dashboard/dashboard.schema';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMinutes } from '../model/duration.ts';
import { AttendantOnlineChip } from './attendant-online-chip.tsx';
import { AttendantRating } from './attendant-rating.tsx';

/** The attendants on a phone: one stacked card each, so no column is cut off. */
export function AttendantsCards({ attendants }: { attendants: DashboardAttendant[] | undefined }) {
  const { t } = useTranslation('dashboard');
  if (!attendants) {
    return (
      <Stack sx={{ px: 2, pb: 2 }} spacing={1}>
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} variant="rounded" height={88} />
        ))}
      </Stack>
    );
  }
  if (attendants.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
        {t('attendants.empty')}
      </Typography>
    );
  }
  return (
    <Box component="ul" aria-label={t('attendants.title')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {attendants.map((attendant) => (
        <Box
          component="li"
          key={attendant.id}
          data-testid="attendant-row"
          data-attendant-name={attendant.name}
          sx={{ px: 2, py: 1.5, borderTop: 1, borderColor: 'divider' }}
        >
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
            <Typography sx={{ fontWeight: 600, flex: 1, minWidth: 0 }} noWrap>
              {attendant.name}
            </Typography>
            <AttendantOnlineChip isOnline={attendant.online} />
          </Stack>
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
          >
            <Field label={t('attendants.rating')}>
              <AttendantRating rating={attendant.rating} />
            </Field>
            <Field label={t('attendants.avgSupportTime')}>{formatMinutes(attendant.avgSupportTime, t)}</Field>
            <Field label={t('attendants.tickets')}>{attendant.tickets}</Field>
          </Box>
        </Box>
      ))}
    </Box>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, justifySelf: 'end' }}>
        {children}
      </Typography>
    </>
  );
}
