import Button from '@mui/material/Button';
import type { TicketRecord } from '@wacrm/shared/messages/message.schema';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';

interface TicketRowActionsProps {
  ticket: TicketRecord;
  isBusy: boolean;
  onAccept: (ticket: TicketRecord) => void;
  onClose: (ticket: TicketRecord) => void;
  onReopen: (ticket: TicketRecord) => void;
}

/** spec: accept (pending), close (open) and reopen (closed); clicks never reach the row. */
export function TicketRowActions({ ticket, isBusy, onAccept, onClose, onReopen }: TicketRowActionsProps) {
  const { t } = useTranslation('tickets');
  const run = (action: (ticket: TicketRecord) => void) => (event: MouseEvent) => {
    event.stopPropagation();
    action(ticket);
  };
  const common = { size: 'small', disabled: isBusy, sx: { minWidth: 0, px: 1.25, py: 0.25, fontSize: 12 } } as const;

  if (ticket.status === 'pending') {
    return (
      <Button {...common} variant="contained" onClick={run(onAccept)} data-testid="ticket-row-accept">
        {t('row.accept')}
      </Button>
    );
  }
  if (ticket.status === 'open') {
    return (
      <Button {...common} variant="outlined" color="error" onClick={run(onClose)} data-testid="ticket-row-close">
        {t('row.close')}
      </Button>
    );
  }
  return (
    <Button {...common} variant="outlined" onClick={run(onReopen)} data-testid="ticket-row-reopen">
      {t('row.reopen')}
    </Button>
  );
}
