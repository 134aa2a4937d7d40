import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { hasPermission } from '@wacrm/shared/auth/permissions';
import { OPEN_LANE_ID } from '@wacrm/shared/kanban/kanban.schema';
import type { TicketRecord } from '@wacrm/shared/messages/message.schema';
import type { TagRecord } from '@wacrm/shared/tags/tag.schema';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { CenteredSpinner } from '../../../components/ui/centered-spinner.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useCompanyQueues } from '../../../lib/lookups/use-lookups.ts';
import { toast } from '../../../lib/toast.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useSessionUser } from '../../auth/index.ts';
import { type BoardFilters, kanbanApi, kanbanKeys } from '../api/kanban-api.ts';
import { KanbanBoard } from '../components/kanban-board.tsx';
import { KanbanToolbar } from '../components/kanban-toolbar.tsx';
import { useKanbanBoard, useKanbanLanes } from '../hooks/use-kanban-board.ts';
import { movedTicket, reorder } from '../model/board.ts';

/** `/kanban` (spec tools §2 "Kanban page", §4 "Kanban"; docs/decisions/kanban.md). */
export default function KanbanPage() {
  const { t } = useTranslation('kanban');
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const seesAll = hasPermission(user, 'tickets:viewAll');
  const canReorder = hasPermission(user, 'kanban:orderLanes');
  const [search, setSearch] = useState('');
  const [queueIds, setQueueIds] = useState<number[]>([]);
  const searchParam = useDebouncedValue(search.trim(), 500);
  const filters = useMemo<BoardFilters>(() => ({ queueIds, searchParam }), [queueIds, searchParam]);
  const companyQueues = useCompanyQueues(user.companyId, seesAll);
  const queues = seesAll ? (companyQueues.data ?? []) : user.queues;

  const lanes = useKanbanLanes(user.companyId);
  const laneIds = useMemo(() => lanes.data?.map((tag) => tag.id), [lanes.data]);
  const { query: board, loadMore, place, refresh } = useKanbanBoard(filters, laneIds);

  const handleMoveCard = async (ticket: TicketRecord, fromLane: number, toLane: number) => {
    const target = lanes.data?.find((tag) => tag.id === toLane) ?? null;
    place(movedTicket(ticket, fromLane, target));
    try {
      const answer = await kanbanApi.move(ticket.id, {
        fromTagId: fromLane === OPEN_LANE_ID ? null : fromLane,
        toTagId: toLane === OPEN_LANE_ID ? null : toLane,
      });
      place(answer.ticket);
      // spec: the old tag is removed, then the new one added; a toast for each.
      if (fromLane !== OPEN_LANE_ID) toast.success(t('toasts.removed'));
      if (toLane !== OPEN_LANE_ID) toast.success(t('toasts.added'));
    } catch (error) {
      toast.error(errorMessage(error) ?? t('error'));
      refresh();
    }
  };

  const handleReorderLanes = async (from: number, to: number) => {
    const current = lanes.data ?? [];
    const next = reorder(current, from, to);
    queryClient.setQueryData<TagRecord[]>(kanbanKeys.lanes(user.companyId), next);
    try {
      await kanbanApi.orderLanes(next.map((tag) => tag.id));
      toast.success(t('toasts.ordered'));
    } catch {
      queryClient.setQueryData<TagRecord[]>(kanbanKeys.lanes(user.companyId), current);
    }
  };

  const failure = lanes.error ?? board.error;
  return (
    <Stack spacing={1.5} sx={{ height: { xs: 'calc(100dvh - 88px)', sm: 'calc(100dvh - 112px)' }, minHeight: 420 }}>
      <KanbanToolbar
        search={search}
        onSearchChange={setSearch}
        queues={queues}
        queueIds={queueIds}
        onQueueIdsChange={setQueueIds}
      />
      <Typography
        variant="caption"
        color="text.secondary"
        id="kanban-drag-hint"
        sx={{ display: { xs: 'none', sm: 'block' } }}
      >
        {t('dragHint')}
      </Typography>
      {lanes.data?.length === 0 && (
        <Alert
          severity="info"
          action={
            <Button component={RouterLink} to="/tags" size="small" color="inherit">
              {t('goToTags')}
            </Button>
          }
        >
          {t('noLanes')}
        </Alert>
      )}
      {failure ? (
        <Alert
          severity="error"
          action={
            <Button size="small" color="inherit" onClick={refresh}>
              {t('retry')}
            </Button>
          }
        >
          {(isApiError(failure) && errorMessage(failure)) || t('error')}
        </Alert>
      ) : board.data && lanes.data ? (
        <KanbanBoard
          board={board.data}
          lanes={lanes.data}
          canReorder={canReorder}
          onMoveCard={handleMoveCard}
          onReorderLanes={handleReorderLanes}
          onLoadMore={loadMore}
        />
      ) : (
        <CenteredSpinner />
      )}
    </Stack>
  );
}
