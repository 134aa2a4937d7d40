import type { TicketRecord } from '@wacrm/shared/messages/message.schema';
import { Suspense, useState } from 'react';
import { lazyNamed } from '../../../components/ui/lazy-dialog.tsx';
import { TicketConversation, TicketPeekModal } from '../conversation/index.ts';

// The transfer form loads when first opened.
const TransferTicketModal = lazyNamed(() =>
  import('./transfer-ticket-modal.tsx').then((module) => module.TransferTicketModal),
);

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
      {transferring && (
        <Suspense fallback={null}>
          <TransferTicketModal open ticket={transferring} onClose={() => setTransferring(null)} />
        </Suspense>
      )}
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
