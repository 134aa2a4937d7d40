import type { TicketRecord } from '@wacrm/shared/messages/message.schema';
import { Suspense, useState } from 'react';
import { CenteredSpinner } from '../../../components/ui/centered-spinner.tsx';
import { lazyNamed } from '../../../components/ui/lazy-dialog.tsx';

// The conversation (thread, composer, media, tag picker) loads with the first ticket opened: the
// screen opens on the list, and its first paint does without it.
const TicketConversation = lazyNamed(() =>
  import('../conversation/index.ts').then((module) => module.TicketConversation),
);
const TicketPeekModal = lazyNamed(() => import('../conversation/index.ts').then((module) => module.TicketPeekModal));
// The transfer form loads when first opened.
const TransferTicketModal = lazyNamed(() =>
  import('./transfer-ticket-modal.tsx').then((module) => module.TransferTicketModal),
);

interface ConversationSlotProps {
  ticketUuid: string;
  ticket: TicketRecord | undefined;
  onClosed: () => void;
  onBackToList: () => void;
  onAccepted: () => void;
}

/** The conversation (thread, composer, header; built under `conversation/`), with the list's transfer modal. */
export function ConversationSlot({ ticketUuid, onClosed, onBackToList, onAccepted }: ConversationSlotProps) {
  const [transferring, setTransferring] = useState<TicketRecord | null>(null);
  return (
    <>
      <Suspense fallback={<CenteredSpinner />}>
        <TicketConversation
          ticketUuid={ticketUuid}
          onClosed={onClosed}
          onBackToList={onBackToList}
          onAccepted={onAccepted}
          onTransfer={setTransferring}
        />
      </Suspense>
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
  if (ticketId === null) return null;
  return (
    <Suspense fallback={null}>
      <TicketPeekModal ticketId={ticketId} open onClose={onClose} />
    </Suspense>
  );
}
