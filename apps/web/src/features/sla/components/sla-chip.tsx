import TimerOutlined from '@mui/icons-material/TimerOutlined';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { TicketSla } from '@wacrm/shared/sla/sla.schema';
import { useTranslation } from 'react-i18next';
import { useNow } from '../hooks/use-now.ts';
import { formatSlaDuration, slaStatusAt } from '../model/sla-time.ts';

const colorOf = { ok: 'default', warning: 'warning', breached: 'error' } as const;

/** Time left to an open ticket's next service-level target: neutral, amber when close, red when missed. */
export function SlaChip({ sla, size = 'row' }: { sla: TicketSla | null | undefined; size?: 'row' | 'header' }) {
  const { t } = useTranslation('sla');
  const now = useNow();
  // A phone's thread header has room for the time alone; the tooltip and label keep the words.
  const isCompact = useMediaQuery((theme) => theme.breakpoints.down('sm')) && size === 'header';
  const status = slaStatusAt(sla, now);
  if (!status) return null;
  const time = formatSlaDuration(status.remainingSeconds);
  const label = status.remainingSeconds > 0 ? t('chip.left', { time }) : t('chip.late', { time });
  const shown = isCompact ? (status.remainingSeconds > 0 ? time : `−${time}`) : label;
  const target = t(`chip.${status.kind}`);
  return (
    <Tooltip title={`${target}: ${label}`}>
      <Chip
        size="small"
        icon={<TimerOutlined />}
        color={colorOf[status.level]}
        variant={status.level === 'ok' ? 'outlined' : 'filled'}
        label={shown}
        aria-label={`${target}: ${label}`}
        data-testid="sla-chip"
        data-level={status.level}
        sx={{
          fontWeight: 600,
          height: 20,
          fontSize: 11,
          '& .MuiChip-icon': { fontSize: 14 },
          flexShrink: 0,
        }}
      />
    </Tooltip>
  );
}
