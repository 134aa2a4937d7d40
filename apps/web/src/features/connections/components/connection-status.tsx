import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import SignalWifiBadIcon from '@mui/icons-material/SignalWifiBad';
import SyncIcon from '@mui/icons-material/Sync';
import Stack from '@mui/material/Stack';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';

const looks: Record<string, { Icon: ComponentType<SvgIconProps>; color: SvgIconProps['color'] }> = {
  CONNECTED: { Icon: CheckCircleIcon, color: 'success' },
  qrcode: { Icon: QrCode2Icon, color: 'info' },
  PAIRING: { Icon: SyncIcon, color: 'info' },
  OPENING: { Icon: HourglassTopIcon, color: 'action' },
  TIMEOUT: { Icon: SignalWifiBadIcon, color: 'warning' },
  DISCONNECTED: { Icon: LinkOffIcon, color: 'error' },
};

/** A status as an icon and its translated name; `detail` (the provider's reason) shows on hover. */
export function ConnectionStatus({
  status,
  detail,
  testId = 'connection-status',
}: {
  status: string;
  detail?: string | null;
  testId?: string;
}) {
  const { t } = useTranslation('connections');
  const { Icon, color } = looks[status] ?? looks.OPENING;
  return (
    <Tooltip title={detail ?? ''}>
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center' }}
        data-testid={testId}
        data-status={status}
        aria-description={detail ?? undefined}
      >
        <Icon fontSize="small" color={color} />
        <Typography variant="body2" noWrap>
          {t(`status.${status}`, { defaultValue: status })}
        </Typography>
      </Stack>
    </Tooltip>
  );
}
