import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { hasPermission } from '@wacrm/shared/auth/permissions';
import type { ContactRecord, TicketEvent, TicketRecord } from '@wacrm/shared/messages/message.schema';
import { companyEvent } from '@wacrm/shared/realtime/events';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog.tsx';
import { OnceOpened } from '../../../../components/ui/lazy-dialog.tsx';
import { useSocketEvent } from '../../../../lib/socket-context.ts';
import { toast } from '../../../../lib/toast.ts';
import { AssistSummaryPanel, useAssistStatus, useUnavailableText } from '../../../ai-assist/index.ts';
import { useSessionUser } from '../../../auth/index.ts';
import { ContactSchedules, LazyScheduleDialog, useSchedulesAllowed } from '../../../schedules/index.ts';
import { TicketTagsSelect } from '../../../tags/index.ts';
import { ContactNotesModal, LazyContactNotes } from '../../../ticket-notes/index.ts';
import { conversationApi, conversationKeys } from '../api/conversation-api.ts';
import { useTicketActions } from '../hooks/use-ticket-actions.ts';
import { ContactDrawer } from './contact-drawer.tsx';
import { ConversationBody } from './conversation-body.tsx';
import { ConversationHeader } from './conversation-header.tsx';
import { HeaderActions } from './header-actions.tsx';

export interface TicketConversationProps {
  ticketUuid: string;
  onClosed: () => void;
  onBackToList: () => void;
  /** Told when the header accepts the ticket (the list follows it to "Atendendo"). */
  onAccepted?: () => void;
  /** Opens the ticket list's transfer modal; without it the header shows no transfer button. */
  onTransfer?: (ticket: TicketRecord) => void;
}

function OpenTicket({
  ticket,
  onClosed,
  onBackToList,
  onAccepted,
  onTransfer,
}: Omit<TicketConversationProps, 'ticketUuid'> & { ticket: TicketRecord }) {
  const { t } = useTranslation(['conversation', 'tickets']);
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const [isContactOpen, setIsContactOpen] = useState(false);
  const [isDeleteOpen, setIsDeleteOpen] = useState(false);
  // Resolving asks first, with the same words as the ticket list's button (docs/decisions/tickets.md).
  const [isResolveOpen, setIsResolveOpen] = useState(false);
  const [isNotesOpen, setIsNotesOpen] = useState(false);
  const [isScheduleOpen, setIsScheduleOpen] = useState(false);
  const [isSummaryOpen, setIsSummaryOpen] = useState(false);
  const assist = useAssistStatus(user.companyId);
  const unavailableText = useUnavailableText();
  const isSummaryOn = Boolean(assist.data?.features.includes('summary'));
  // Over budget or without a key the summary button stays, off, and says why.
  const summaryOffReason = isSummaryOn && !assist.data?.available ? unavailableText(assist.data?.reason ?? null) : null;
  const canSchedule = useSchedulesAllowed(user.companyId);
  const actions = useTicketActions(ticket, { onClosed, onBackToList, onAccepted });

  const setTicket = (next: TicketRecord) => queryClient.setQueryData(conversationKeys.ticket(ticket.uuid), next);
  useSocketEvent(companyEvent(user.companyId, 'ticket'), (payload) => {
    const event = payload as unknown as TicketEvent;
    if (event.action === 'update' && event.ticket.id === ticket.id) setTicket(event.ticket);
    if (event.action === 'delete' && event.ticketId === ticket.id) {
      toast.info(t('header.deletedElsewhere'));
      onClosed();
    }
  });
  useSocketEvent(companyEvent(user.companyId, 'contact'), (payload) => {
    const event = payload as { action: string; contact?: ContactRecord };
    if (event.action === 'update' && event.contact?.id === ticket.contactId)
      setTicket({ ...ticket, contact: event.contact });
  });

  return (
    <Box
      sx={{ height: '100%', display: 'flex', flexDirection: 'column', minHeight: 0 }}
      data-testid="ticket-conversation"
      data-status={ticket.status}
    >
      <ConversationHeader
        ticket={ticket}
        onOpenContact={() => setIsContactOpen(true)}
        onBack={onBackToList}
        hasPriorityInActions
        actions={
          <HeaderActions
            ticket={ticket}
            canDelete={hasPermission(user, 'ticket-options:deleteTicket')}
            busy={actions.busy}
            onAction={(action) => (action === 'resolve' ? setIsResolveOpen(true) : void actions.run(action))}
            onDelete={() => setIsDeleteOpen(true)}
            onTransfer={onTransfer ? () => onTransfer(ticket) : undefined}
            onNotes={() => setIsNotesOpen(true)}
            onSchedule={canSchedule ? () => setIsScheduleOpen(true) : undefined}
            onSummary={isSummaryOn ? () => setIsSummaryOpen(true) : undefined}
            summaryOffReason={summaryOffReason}
          />
        }
      />
      <Box
        sx={{ px: 1.5, py: 0.75, borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
        data-testid="conversation-tags"
      >
        <TicketTagsSelect
          ticketId={ticket.id}
          value={ticket.tags}
          onChange={(tags) => setTicket({ ...ticket, tags })}
        />
      </Box>
      {ticket.status === 'pending' && (
        <Alert severity="info" sx={{ borderRadius: 0 }} data-testid="conversation-pending-hint">
          {t('header.pendingHint')}
        </Alert>
      )}
      <ConversationBody key={ticket.id} ticket={ticket} companyId={user.companyId} />
      <ContactDrawer
        open={isContactOpen}
        contact={ticket.contact}
        onClose={() => setIsContactOpen(false)}
        onContactSaved={(contact) => setTicket({ ...ticket, contact })}
        notesSlot={
          <Stack spacing={2}>
            {/* One boundary for both: the notes' code loads on the drawer's first opening, and the
                schedules shown before it would be pushed down by the notes' form when it came. */}
            <Suspense fallback={null}>
              <LazyContactNotes ticketId={ticket.id} contactId={ticket.contactId} />
              {canSchedule && (
                <ContactSchedules
                  companyId={user.companyId}
                  contact={ticket.contact}
                  connectionId={ticket.whatsappId}
                />
              )}
            </Suspense>
          </Stack>
        }
      />
      <OnceOpened open={isScheduleOpen}>
        <LazyScheduleDialog
          open={isScheduleOpen}
          schedule={null}
          initialContact={ticket.contact}
          initialConnectionId={ticket.whatsappId}
          onClose={() => setIsScheduleOpen(false)}
        />
      </OnceOpened>
      {isSummaryOpen && (
        <AssistSummaryPanel
          open
          ticketId={ticket.id}
          contactId={ticket.contactId}
          onClose={() => setIsSummaryOpen(false)}
        />
      )}
      <ContactNotesModal
        open={isNotesOpen}
        ticketId={ticket.id}
        contactId={ticket.contactId}
        contactName={ticket.contact.name}
        onClose={() => setIsNotesOpen(false)}
      />
      <ConfirmDialog
        open={isResolveOpen}
        title={t('tickets:confirmClose.title', { name: ticket.contact.name })}
        confirmLabel={t('tickets:confirmClose.confirm')}
        isBusy={actions.busy === 'resolve'}
        onConfirm={() => void actions.run('resolve').then(() => setIsResolveOpen(false))}
        onClose={() => setIsResolveOpen(false)}
      >
        {t('tickets:confirmClose.message')}
      </ConfirmDialog>
      <ConfirmDialog
        open={isDeleteOpen}
        title={t('header.deleteTitle', { id: ticket.id })}
        confirmLabel={t('header.delete')}
        isBusy={actions.busy === 'delete'}
        onConfirm={() => void actions.run('delete').then(() => setIsDeleteOpen(false))}
        onClose={() => setIsDeleteOpen(false)}
      >
        {t('header.deleteBody')}
      </ConfirmDialog>
    </Box>
  );
}

/**
 * The conversation side of `/tickets/:ticketId?`: header with the state's actions, thread,
 * composer and contact drawer. The page decides who may open the ticket (it shows the errors).
 */
export function TicketConversation({ ticketUuid, ...props }: TicketConversationProps) {
  const { t } = useTranslation('conversation');
  const query = useQuery({
    queryKey: conversationKeys.ticket(ticketUuid),
    queryFn: () => conversationApi.ticketByUuid(ticketUuid),
    retry: false,
  });
  if (query.data) return <OpenTicket ticket={query.data} {...props} />;
  if (query.isError)
    return (
      <Alert severity="error" sx={{ m: 2 }} data-testid="conversation-error">
        {t('loadError')}
      </Alert>
    );
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', height: '100%' }}>
      <CircularProgress />
    </Box>
  );
}
