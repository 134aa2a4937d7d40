import CheckCircleOutlineOutlined from '@mui/icons-material/CheckCircleOutlineOutlined';
import MoveToInboxOutlined from '@mui/icons-material/MoveToInboxOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { SessionUser } from '@wacrm/shared/auth/auth.schema';
import { hasPermission } from '@wacrm/shared/auth/permissions';
import type { TicketRecord } from '@wacrm/shared/messages/message.schema';
import type { TicketListStatus } from '@wacrm/shared/realtime/rooms';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { lazyNamed, OnceOpened } from '../../../components/ui/lazy-dialog.tsx';
import { useTagOptions, useUserOptions } from '../../../lib/lookups/use-lookups.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import type { TicketListParams } from '../api/tickets-api.ts';
import { useManagerFilters } from '../hooks/use-manager-filters.ts';
import { useTicketActions } from '../hooks/use-ticket-actions.ts';
import { useTicketList } from '../hooks/use-ticket-lists.ts';
import { useTicketRooms } from '../hooks/use-ticket-rooms.ts';
import { flattenTickets } from '../model/ticket-list.ts';
import { TicketList } from './ticket-list.tsx';
import { TicketManagerHeader } from './ticket-manager-header.tsx';

// The new-ticket form loads when first opened.
// The search tab's filters (MUI's autocomplete and text field) load when the tab is first shown.
const SearchFilters = lazyNamed(() => import('./search-filters.tsx').then((module) => module.SearchFilters));
const NewTicketModal = lazyNamed(() => import('./new-ticket-modal.tsx').then((module) => module.NewTicketModal));

type TopTab = 'open' | 'closed' | 'search';
export type OpenTab = 'open' | 'pending';

const roomsByTab: Record<TopTab, readonly TicketListStatus[]> = {
  open: ['open', 'pending'],
  closed: ['closed'],
  search: ['open', 'pending', 'closed'],
};

interface TicketManagerProps {
  user: SessionUser;
  openTicketUuid: string | null;
  onPeek: (ticket: TicketRecord) => void;
  /** The open tab's sub-tab ("Atendendo" or "Aguardando"), kept by the page: an accept in the conversation moves it. */
  openTab: OpenTab;
  onOpenTabChange: (next: OpenTab) => void;
}

/** spec "Ticket manager": tabs open (assigned / pending), closed and search, each an infinite list. */
export function TicketManager({ user, openTicketUuid, onPeek, openTab, onOpenTabChange }: TicketManagerProps) {
  const { t } = useTranslation('tickets');
  const navigate = useNavigate();
  const isAdmin = hasPermission(user, 'tickets:viewAll');
  const filters = useManagerFilters(user);
  const [tab, setTab] = useState<TopTab>('open');
  const [searchText, setSearchText] = useState('');
  const [tags, setTags] = useState<number[]>([]);
  const [users, setUsers] = useState<number[]>([]);
  const [isNewTicketOpen, setNewTicketOpen] = useState(false);
  const searchParam = useDebouncedValue(searchText.trim(), 500);
  // An accepted ticket leaves the waiting list: the list follows it to "Atendendo".
  const actions = useTicketActions(user.id, openTicketUuid, () => onOpenTabChange('open'));
  const tagOptions = useTagOptions(user.companyId, tab === 'search');
  const userOptions = useUserOptions(user.companyId, tab === 'search' && isAdmin);
  useTicketRooms(roomsByTab[tab]);

  const base = { searchParam: '', tags: [], users: [], queueIds: filters.selectedQueueIds, showAll: filters.showAll };
  const paramsOf = (status: TicketListParams['status']): TicketListParams => ({ ...base, status });
  const ready = filters.isQueuesReady;
  const openList = useTicketList(user.companyId, paramsOf('open'), ready && tab === 'open');
  const pendingList = useTicketList(user.companyId, paramsOf('pending'), ready && tab === 'open');
  const closedList = useTicketList(user.companyId, paramsOf('closed'), ready && tab === 'closed');
  const searchList = useTicketList(
    user.companyId,
    { ...base, searchParam, tags, users: isAdmin ? users : [] },
    ready && tab === 'search',
  );

  const shown =
    tab === 'open' ? (openTab === 'open' ? openList : pendingList) : tab === 'closed' ? closedList : searchList;
  const kind = tab === 'open' ? openTab : tab;
  const countOf = (list: typeof openList) => list.data?.pages[0]?.count ?? 0;

  const handleOpen = (ticket: TicketRecord) => navigate(`/tickets/${ticket.uuid}`);

  return (
    <Paper
      variant="outlined"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column', overflow: 'hidden', minWidth: 0 }}
      data-testid="ticket-manager"
    >
      <Tabs
        value={tab}
        onChange={(_event, next: TopTab) => setTab(next)}
        variant="fullWidth"
        sx={{ borderBottom: 1, borderColor: 'divider', minHeight: 56 }}
      >
        <Tab
          value="open"
          icon={<MoveToInboxOutlined fontSize="small" />}
          label={t('tabs.open')}
          data-testid="tickets-tab-open"
          sx={{ minHeight: 56, py: 0.5 }}
        />
        <Tab
          value="closed"
          icon={<CheckCircleOutlineOutlined fontSize="small" />}
          label={t('tabs.closed')}
          data-testid="tickets-tab-closed"
          sx={{ minHeight: 56, py: 0.5 }}
        />
        <Tab
          value="search"
          icon={<SearchOutlined fontSize="small" />}
          label={t('tabs.search')}
          data-testid="tickets-tab-search"
          sx={{ minHeight: 56, py: 0.5 }}
        />
      </Tabs>
      <TicketManagerHeader
        canShowAll={filters.canShowAll}
        showAll={filters.showAll}
        onShowAllChange={filters.setShowAll}
        queueOptions={filters.queueOptions}
        selectedQueueIds={filters.selectedQueueIds}
        onQueuesChange={filters.setSelectedQueueIds}
        onNewTicket={() => setNewTicketOpen(true)}
      />
      {tab === 'open' && (
        <Tabs
          value={openTab}
          onChange={(_event, next: OpenTab) => onOpenTabChange(next)}
          variant="fullWidth"
          sx={{ borderBottom: 1, borderColor: 'divider', minHeight: 44 }}
        >
          {(['open', 'pending'] as const).map((value) => (
            <Tab
              key={value}
              value={value}
              data-testid={`tickets-subtab-${value}`}
              data-count={countOf(value === 'open' ? openList : pendingList)}
              sx={{ minHeight: 44 }}
              label={
                <Badge
                  badgeContent={countOf(value === 'open' ? openList : pendingList)}
                  color={value === 'open' ? 'primary' : 'secondary'}
                  max={999}
                  slotProps={{ badge: { 'data-testid': `tickets-count-${value}` } as object }}
                  sx={{ pr: 2, '& .MuiBadge-badge': { right: 2 } }}
                >
                  {t(value === 'open' ? 'tabs.assigned' : 'tabs.pending')}
                </Badge>
              }
            />
          ))}
        </Tabs>
      )}
      {tab === 'search' && (
        <Suspense fallback={null}>
          <SearchFilters
            text={searchText}
            onTextChange={setSearchText}
            tagOptions={tagOptions.data ?? []}
            tags={tags}
            onTagsChange={setTags}
            userOptions={isAdmin ? (userOptions.data ?? []) : null}
            users={users}
            onUsersChange={setUsers}
          />
        </Suspense>
      )}
      <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
        <TicketList
          key={kind}
          kind={kind}
          tickets={flattenTickets(shown.data)}
          isLoading={!ready || shown.isLoading}
          isError={shown.isError}
          isFetchingMore={shown.isFetchingNextPage}
          hasMore={shown.hasNextPage}
          openTicketUuid={openTicketUuid}
          busyId={actions.busyId}
          canPeek={isAdmin}
          onEndReached={() => shown.fetchNextPage()}
          onRetry={() => shown.refetch()}
          onOpen={handleOpen}
          onAccept={actions.accept}
          onClose={actions.askClose}
          onReopen={actions.reopen}
          onPeek={onPeek}
        />
      </Box>
      <ConfirmDialog
        open={actions.closing !== null}
        title={t('confirmClose.title', { name: actions.closing?.contact?.name ?? '' })}
        confirmLabel={t('confirmClose.confirm')}
        isBusy={actions.busyId !== null}
        onConfirm={actions.confirmClose}
        onClose={actions.cancelClose}
      >
        {t('confirmClose.message')}
      </ConfirmDialog>
      <OnceOpened open={isNewTicketOpen}>
        <NewTicketModal open={isNewTicketOpen} user={user} onClose={() => setNewTicketOpen(false)} />
      </OnceOpened>
    </Paper>
  );
}
