import AccessTimeIcon from '@mui/icons-material/AccessTime';
import DoneIcon from '@mui/icons-material/Done';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Tooltip from '@mui/material/Tooltip';
import type { MessageRecord } from '@wacrm/shared/messages/message.schema';
import { useTranslation } from 'react-i18next';
import { ackState } from '../model/thread.ts';

const sx = { fontSize: 16, verticalAlign: 'middle' };

/** spec: clock 0, one tick 1, two ticks 2, blue two ticks 3 to 5, an error mark when sending failed. */
export function AckIcon({ message }: { message: Pick<MessageRecord, 'ack' | 'failed' | 'sendError'> }) {
  const { t, i18n } = useTranslation('conversation');
  const state = ackState(message);
  const label = t(`ack.${state}`);
  // The server stores an error code; text from before that is not shown (it was English only).
  const reason =
    message.sendError && i18n.exists(`errors:${message.sendError}`) ? t(`errors:${message.sendError}`) : null;
  const common = { 'aria-label': label, 'data-testid': 'message-ack', 'data-ack': state } as const;
  if (state === 'failed') {
    return (
      <Tooltip title={reason ? `${label}: ${reason}` : label}>
        <ErrorOutlineIcon {...common} sx={{ ...sx, color: 'error.main' }} />
      </Tooltip>
    );
  }
  if (state === 'read') return <DoneAllIcon {...common} sx={{ ...sx, color: '#34b7f1' }} />;
  if (state === 'delivered') return <DoneAllIcon {...common} sx={{ ...sx, opacity: 0.7 }} />;
  if (state === 'sent') return <DoneIcon {...common} sx={{ ...sx, opacity: 0.7 }} />;
  return <AccessTimeIcon {...common} sx={{ ...sx, opacity: 0.7 }} />;
}
