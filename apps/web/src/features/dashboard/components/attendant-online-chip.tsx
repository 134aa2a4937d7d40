import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

export function AttendantOnlineChip({ isOnline }: { isOnline: boolean }) {
  const { t } = useTranslation('dashboard');
  return (
    <Chip
      size="small"
      variant={isOnline ? 'filled' : 'outlined'}
      color={isOnline ? 'success' : 'default'}
      label={isOnline ? t('attendants.online') : t('attendants.offline')}
      data-testid="attendant-online"
    />
  );
}
