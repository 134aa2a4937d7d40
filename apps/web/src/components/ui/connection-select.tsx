import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { ConnectionRecord } from '@wacrm/shared/connections/connection.schema';
import { useTranslation } from 'react-i18next';

interface ConnectionSelectProps {
  connections: ConnectionRecord[];
  value: number | '';
  onChange: (id: number) => void;
  error?: string;
  testId: string;
}

/**
 * A connection picker for the ticket modals (spec: a connection is required) and the contacts'
 * phone import. Its texts stay in the tickets namespace (newTicket.*), where it started.
 */
export function ConnectionSelect({ connections, value, onChange, error, testId }: ConnectionSelectProps) {
  const { t } = useTranslation('tickets');
  return (
    <TextField
      select
      fullWidth
      size="small"
      label={t('newTicket.connection')}
      value={value}
      onChange={(event) => onChange(Number(event.target.value))}
      error={Boolean(error)}
      helperText={error ?? (connections.length === 0 ? t('newTicket.noConnections') : undefined)}
      slotProps={{ select: { SelectDisplayProps: { 'data-testid': testId } as object } }}
    >
      {connections.map((connection) => (
        <MenuItem key={connection.id} value={connection.id} data-testid={`${testId}-option`}>
          {connection.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
