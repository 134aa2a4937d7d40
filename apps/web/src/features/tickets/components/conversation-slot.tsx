import type { TicketRecord } from '@wacrm/shared/messages/message.schema';
import { useState } from 'react';
import { TicketConversation, TicketPeekModal } from '../conversation/index.ts';
import { TransferTicketModal } from './transfer-ticket-modal.tsx';

interface ConversationSlotProps {
  ticketUuid: string;
  ticket: TicketRecord | undefined;
  onClosed: () => void;
  onBackToList: () => void;
}

/** The conversation (thread, composer, header; built under `conversation/`), with the list's transfer modal. */
export function ConversationSlot({ ticketUuid, onClosed, onBackToList }: ConversationSlotProps) {
  const [transferring, setTransferring] = useState<TicketRecord | null>(null);
  return (
    <>
      <TicketConversation
        ticketUuid={ticketUuid}
        onClosed={onClosed}
        onBackToList={onBackToList}
        onTransfer={setTransferring}
      />
      {transferring && <TransferTicketModal open ticket={transferring} onClose={() => setTransferring(null)} />}
    </>
  );
}

interface PeekSlotProps {
  ticketId: number | null;
  onClose: () => void;
}

/** The admin's read-only peek of a row's conversation. */
export function PeekSlot({ ticketId, onClose }: PeekSlotProps) {
  return ticketId === null ? null : <TicketPeekModal ticketId={ticketId} open onClose={onClose} />;
}
