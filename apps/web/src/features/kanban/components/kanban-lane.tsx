import { Draggable, Droppable } from '@hello-pangea/dnd';
import DragIndicatorOutlined from '@mui/icons-material/DragIndicatorOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type UIEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LaneState } from '../model/board.ts';
import { KanbanCard } from './kanban-card.tsx';

interface KanbanLaneProps {
  lane: LaneState;
  title: string;
  color: string;
  /** Place among the draggable lanes; null for "Em aberto", which stays first. */
  index: number | null;
  canReorder: boolean;
  onLoadMore: (laneId: number) => Promise<void>;
}

/** One column: its header (name, colour, count; dragged to reorder) and its cards, a page at a time. */
export function KanbanLane({ lane, title, color, index, canReorder, onLoadMore }: KanbanLaneProps) {
  const { t } = useTranslation('kanban');
  const [isLoading, setLoading] = useState(false);

  // spec "Lists in general": the next page within 100 px of the bottom.
  const handleScroll = (event: UIEvent<HTMLElement>) => {
    const target = event.currentTarget;
    if (isLoading || !lane.hasMore || target.scrollHeight - target.scrollTop - target.clientHeight > 100) return;
    setLoading(true);
    onLoadMore(lane.tagId).finally(() => setLoading(false));
  };

  const body = (handle?: object) => (
    <>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', p: 1.25, pb: 1 }}>
        {handle && (
          <Box
            {...handle}
            sx={{ display: 'flex', color: 'text.secondary' }}
            aria-label={t('lane.drag', { name: title })}
          >
            <DragIndicatorOutlined fontSize="small" />
          </Box>
        )}
        <Box sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: color, flexShrink: 0 }} />
        <Typography variant="subtitle1" noWrap sx={{ flex: 1, fontWeight: 600 }} component="h2">
          {title}
        </Typography>
        <Chip
          size="small"
          label={lane.count}
          data-testid="kanban-lane-count"
          aria-label={t('lane.count', { count: lane.count })}
        />
      </Stack>
      <Droppable droppableId={String(lane.tagId)} type="CARD">
        {(provided, snapshot) => (
          <Box
            ref={provided.innerRef}
            {...provided.droppableProps}
            onScroll={handleScroll}
            sx={{
              flex: 1,
              overflowY: 'auto',
              px: 1,
              pb: 1,
              minHeight: 80,
              bgcolor: snapshot.isDraggingOver ? 'action.hover' : undefined,
              transition: 'background-color 120ms',
            }}
          >
            {lane.tickets.map((ticket, position) => (
              <KanbanCard key={ticket.id} ticket={ticket} index={position} laneId={lane.tagId} />
            ))}
            {provided.placeholder}
            {lane.tickets.length === 0 && !snapshot.isDraggingOver && (
              <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', py: 3 }}>
                {t('lane.empty')}
              </Typography>
            )}
            {isLoading && (
              <Box sx={{ display: 'flex', justifyContent: 'center', py: 1 }}>
                <CircularProgress size={20} aria-label={t('lane.loading')} />
              </Box>
            )}
          </Box>
        )}
      </Droppable>
    </>
  );

  const laneSx = {
    width: { xs: '85vw', sm: 300 },
    maxWidth: 320,
    flexShrink: 0,
    display: 'flex',
    flexDirection: 'column',
    maxHeight: '100%',
    bgcolor: 'background.default',
    scrollSnapAlign: 'start',
    mr: 1.5,
  } as const;

  if (index === null) {
    return (
      <Paper variant="outlined" sx={laneSx} data-testid="kanban-lane" data-lane-id={lane.tagId}>
        {body()}
      </Paper>
    );
  }
  return (
    <Draggable draggableId={`lane:${lane.tagId}`} index={index} isDragDisabled={!canReorder}>
      {(provided) => (
        <Paper
          ref={provided.innerRef}
          {...provided.draggableProps}
          variant="outlined"
          sx={laneSx}
          data-testid="kanban-lane"
          data-lane-id={lane.tagId}
          style={provided.draggableProps.style}
        >
          {body(canReorder ? (provided.dragHandleProps ?? undefined) : undefined)}
        </Paper>
      )}
    </Draggable>
  );
}
