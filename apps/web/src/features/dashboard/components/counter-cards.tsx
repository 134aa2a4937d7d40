import AccessTimeOutlined from '@mui/icons-material/AccessTimeOutlined';
import ChatOutlined from '@mui/icons-material/ChatOutlined';
import DoneAllOutlined from '@mui/icons-material/DoneAllOutlined';
import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import TimerOutlined from '@mui/icons-material/TimerOutlined';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { DashboardCounters } from '@wacrm/shared/dashboard/dashboard.schema';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format.ts';
import { formatMinutes } from '../model/duration.ts';

type Color = 'primary' | 'warning' | 'success' | 'info' | 'error';

// No secondary: it is the brand's bright WhatsApp green, off the dashboard's palette. The talk
// time shares the teal of "Em conversa": both are about conversations being handled.
const cards: { key: keyof DashboardCounters; icon: ComponentType; color: Color; isMinutes?: boolean }[] = [
  { key: 'supportHappening', icon: ChatOutlined, color: 'primary' },
  { key: 'supportPending', icon: HourglassEmptyOutlined, color: 'warning' },
  { key: 'supportFinished', icon: DoneAllOutlined, color: 'success' },
  { key: 'newContacts', icon: PersonAddAlt1Outlined, color: 'info' },
  { key: 'avgSupportTime', icon: AccessTimeOutlined, color: 'primary', isMinutes: true },
  { key: 'avgWaitTime', icon: TimerOutlined, color: 'error', isMinutes: true },
];

/** The six counters of the spec; the first two are "now", the others belong to the period. */
export function CounterCards({ counters }: { counters: DashboardCounters | undefined }) {
  const { t, i18n } = useTranslation('dashboard');
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr))',
          sm: 'repeat(3, minmax(0, 1fr))',
          xl: 'repeat(6, minmax(0, 1fr))',
        },
      }}
    >
      {cards.map(({ key, icon: Icon, color, isMinutes }) => (
        <Paper key={key} variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }} data-testid={`counter-${key}`}>
          <Stack direction="row" spacing={{ xs: 1, sm: 1.5 }} sx={{ alignItems: 'center' }}>
            <Box
              sx={{
                display: 'grid',
                placeItems: 'center',
                width: { xs: 32, sm: 40 },
                height: { xs: 32, sm: 40 },
                flexShrink: 0,
                borderRadius: 2,
                color: `${color}.main`,
                bgcolor: (theme) => alpha(theme.palette[color].main, 0.14),
              }}
            >
              <Icon />
            </Box>
            <Box sx={{ minWidth: 0 }}>
              <Typography
                variant="body2"
                color="text.secondary"
                title={t(`counters.${key}.hint`)}
                sx={{ lineHeight: 1.3, overflowWrap: 'anywhere' }}
              >
                {t(`counters.${key}.label`)}
              </Typography>
              {counters ? (
                <Typography variant="h5" component="p" sx={{ fontWeight: 600 }} data-testid={`counter-${key}-value`}>
                  {isMinutes ? formatMinutes(counters[key], t) : formatNumber(counters[key], i18n.language)}
                </Typography>
              ) : (
                <Skeleton width={56} height={32} />
              )}
            </Box>
          </Stack>
        </Paper>
      ))}
    </Box>
  );
}
