import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import { hasPermission } from '@wacrm/shared/auth/permissions';
import type { TicketRecord } from '@wacrm/shared/messages/message.schema';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useSessionUser } from '../../auth/index.ts';
import { ConversationSlot, PeekSlot } from '../components/conversation-slot.tsx';
import { type OpenTab, TicketManager } from '../components/ticket-manager.tsx';
import { TicketPlaceholder } from '../components/ticket-placeholder.tsx';
import { useTicketAccess } from '../hooks/use-ticket-access.ts';
import { useTicketListsRealtime } from '../hooks/use-ticket-lists.ts';

type NarrowTab = 'tickets' | 'attendance';

/** The page fills the space under the top bar (the shell's padding stays around it). */
const pageHeight = { xs: 'calc(100dvh - 88px)', sm: 'calc(100dvh - 112px)' };

/**
 * `/tickets/:ticketId?` (spec "Ticket manager and thread"): the list beside the conversation on
 * wide screens (1/3 and 2/3), two tabs on narrow ones; the logo placeholder with no ticket open.
 */
export function TicketsPage() {
  const { t } = useTranslation('tickets');
  const user = useSessionUser();
  const navigate = useNavigate();
  const ticketUuid = useParams().ticketId ?? null;
  // Under 900 px a third of the width is too narrow for a row, so the panes become tabs.
  const isWide = useMediaQuery((theme) => theme.breakpoints.up('md'));
  const [narrowTab, setNarrowTab] = useState<NarrowTab>(ticketUuid ? 'attendance' : 'tickets');
  const [peekTicketId, setPeekTicketId] = useState<number | null>(null);
  // An accepted ticket leaves the waiting list, from the list's row or the conversation's header:
  // the list follows it to "Atendendo".
  const [openTab, setOpenTab] = useState<OpenTab>('open');
  const access = useTicketAccess(ticketUuid);
  const seesQueueless = hasPermission(user, 'tickets:viewAll') || user.allTicket === 'enabled';
  useTicketListsRealtime(user.companyId, { id: user.id, seesQueueless }, ticketUuid);

  useEffect(() => {
    setNarrowTab(ticketUuid ? 'attendance' : 'tickets');
  }, [ticketUuid]);

  const handleBackToList = () => {
    setNarrowTab('tickets');
    navigate('/tickets');
  };
  const handlePeek = (ticket: TicketRecord) => setPeekTicketId(ticket.id);

  const manager = (
    <TicketManager
      user={user}
      openTicketUuid={ticketUuid}
      onPeek={handlePeek}
      openTab={openTab}
      onOpenTabChange={setOpenTab}
    />
  );
  const conversation = (
    <Paper
      variant="outlined"
      sx={{ height: '100%', overflow: 'hidden', display: 'flex', flexDirection: 'column', minWidth: 0 }}
      data-testid="ticket-pane"
    >
      {ticketUuid && access.data ? (
        <ConversationSlot
          key={ticketUuid}
          ticketUuid={ticketUuid}
          ticket={access.data}
          onClosed={() => navigate('/tickets')}
          onBackToList={handleBackToList}
          onAccepted={() => setOpenTab('open')}
        />
      ) : (
        <TicketPlaceholder />
      )}
    </Paper>
  );

  return (
    <Box
      sx={{ height: pageHeight, minHeight: 420, display: 'flex', flexDirection: 'column' }}
      data-testid="tickets-page"
    >
      {!isWide && (
        <Tabs
          value={narrowTab}
          onChange={(_event, next: NarrowTab) => setNarrowTab(next)}
          variant="fullWidth"
          sx={{ mb: 1, minHeight: 40 }}
        >
          <Tab
            value="tickets"
            label={t('narrowTabs.tickets')}
            sx={{ minHeight: 40 }}
            data-testid="tickets-narrow-list"
          />
          <Tab
            value="attendance"
            label={t('narrowTabs.attendance')}
            sx={{ minHeight: 40 }}
            data-testid="tickets-narrow-attendance"
          />
        </Tabs>
      )}
      {/* One tree for every width (only the sizes change), so resizing keeps the list's tab, filters
          and scroll and the thread's draft; narrow screens show one pane at a time. */}
      <Box sx={{ flex: 1, minHeight: 0, display: 'flex', gap: 2 }}>
        <Box
          sx={{
            width: isWide ? '33.333%' : '100%',
            minWidth: isWide ? 340 : 0,
            maxWidth: isWide ? 480 : 'none',
            minHeight: 0,
            display: isWide || narrowTab === 'tickets' ? 'block' : 'none',
          }}
        >
          {manager}
        </Box>
        <Box
          sx={{ flex: 1, minWidth: 0, minHeight: 0, display: isWide || narrowTab === 'attendance' ? 'block' : 'none' }}
        >
          {conversation}
        </Box>
      </Box>
      <PeekSlot ticketId={peekTicketId} onClose={() => setPeekTicketId(null)} />
    </Box>
  );
}
