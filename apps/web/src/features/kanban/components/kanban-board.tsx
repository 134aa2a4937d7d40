import { DragDropContext, Droppable, type DropResult } from '@hello-pangea/dnd';
import Box from '@mui/material/Box';
import { OPEN_LANE_ID } from '@wacrm/shared/kanban/kanban.schema';
import type { TicketRecord } from '@wacrm/shared/messages/message.schema';
import type { TagRecord } from '@wacrm/shared/tags/tag.schema';
import { useTranslation } from 'react-i18next';
import type { BoardState } from '../model/board.ts';
import { KanbanLane } from './kanban-lane.tsx';

interface KanbanBoardProps {
  board: BoardState;
  lanes: TagRecord[];
  canReorder: boolean;
  onMoveCard: (ticket: TicketRecord, fromLane: number, toLane: number) => void;
  onReorderLanes: (from: number, to: number) => void;
  onLoadMore: (laneId: number) => Promise<void>;
}

/**
 * The lanes side by side: "Em aberto" first and fixed, then the kanban tags in their order. Cards
 * drag between lanes (also by keyboard: space lifts, arrows move, space drops, escape cancels);
 * admins and supervisors drag a lane by its handle to reorder.
 */
export function KanbanBoard({ board, lanes, canReorder, onMoveCard, onReorderLanes, onLoadMore }: KanbanBoardProps) {
  const { t } = useTranslation('kanban');
  const stateOf = (tagId: number) => board.lanes.find((lane) => lane.tagId === tagId);
  const open = stateOf(OPEN_LANE_ID);

  const handleDragEnd = (result: DropResult) => {
    const { source, destination, type, draggableId } = result;
    if (!destination) return;
    if (type === 'LANE') {
      if (source.index !== destination.index) onReorderLanes(source.index, destination.index);
      return;
    }
    const fromLane = Number(source.droppableId);
    const toLane = Number(destination.droppableId);
    if (fromLane === toLane) return;
    const ticketId = Number(draggableId.split(':')[1]);
    const ticket = stateOf(fromLane)?.tickets.find((card) => card.id === ticketId);
    if (ticket) onMoveCard(ticket, fromLane, toLane);
  };

  return (
    <DragDropContext onDragEnd={handleDragEnd}>
      <Box
        data-testid="kanban-board"
        sx={{
          display: 'flex',
          alignItems: 'stretch',
          overflowX: 'auto',
          flex: 1,
          minHeight: 0,
          pb: 1,
          scrollSnapType: { xs: 'x mandatory', sm: 'none' },
        }}
      >
        {open && (
          <KanbanLane
            lane={open}
            title={t('lane.open')}
            color="#9e9e9e"
            index={null}
            canReorder={false}
            onLoadMore={onLoadMore}
          />
        )}
        <Droppable droppableId="lanes" type="LANE" direction="horizontal">
          {(provided) => (
            <Box ref={provided.innerRef} {...provided.droppableProps} sx={{ display: 'flex', alignItems: 'stretch' }}>
              {lanes.map((tag, index) => (
                <KanbanLane
                  key={tag.id}
                  lane={stateOf(tag.id) ?? { tagId: tag.id, count: 0, hasMore: false, pages: 1, tickets: [] }}
                  title={tag.name}
                  color={tag.color}
                  index={index}
                  canReorder={canReorder}
                  onLoadMore={onLoadMore}
                />
              ))}
              {provided.placeholder}
            </Box>
          )}
        </Droppable>
      </Box>
    </DragDropContext>
  );
}
