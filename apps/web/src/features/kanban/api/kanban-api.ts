import { kanbanRoutes } from '@wacrm/shared/kanban/kanban.routes';
import type { KanbanMove } from '@wacrm/shared/kanban/kanban.schema';
import { tagRoutes } from '@wacrm/shared/tags/tag.routes';
import { http } from '../../../lib/api.ts';

/** What the board is filtered by; part of its cache key. */
export interface BoardFilters {
  queueIds: number[];
  searchParam: string;
}

export const kanbanKeys = {
  all: (companyId: number) => ['kanban', companyId] as const,
  lanes: (companyId: number) => ['kanban', companyId, 'lanes'] as const,
  board: (companyId: number, filters: BoardFilters) => ['kanban', companyId, 'board', filters] as const,
};

const boardQuery = (filters: BoardFilters) => ({
  searchParam: filters.searchParam,
  // spec: queueIds as a JSON array; none chosen means every queue the user may see.
  ...(filters.queueIds.length ? { queueIds: JSON.stringify(filters.queueIds) } : {}),
});

export const kanbanApi = {
  lanes: async () => (await http.call(tagRoutes.kanban)).lista,
  board: (filters: BoardFilters, signal?: AbortSignal) =>
    http.call(kanbanRoutes.board, { query: boardQuery(filters), signal }),
  lanePage: (filters: BoardFilters, lane: number, pageNumber: number) =>
    http.call(kanbanRoutes.board, { query: { ...boardQuery(filters), lane, pageNumber } }),
  /** Silent: the board explains a refused move itself. */
  move: (ticketId: number, body: KanbanMove) =>
    http.call(kanbanRoutes.move, { params: { ticketId }, body, silent: true }),
  orderLanes: (tagIds: number[]) => http.call(kanbanRoutes.orderLanes, { body: { tagIds } }),
};
