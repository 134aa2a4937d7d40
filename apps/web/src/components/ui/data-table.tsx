import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import type { SxProps, Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow, { type TableRowProps } from '@mui/material/TableRow';
import type { Key, ReactNode, UIEvent } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { RowActionButton } from './row-action-button.tsx';

type Breakpoint = 'sm' | 'md' | 'lg' | 'xl';

export interface DataTableColumn<Row> {
  id: string;
  header?: ReactNode;
  render: (row: Row) => ReactNode;
  align?: 'left' | 'center' | 'right';
  /** The column shows from this screen width up: 'sm' hides it on phones, 'md' below desktops. */
  showFrom?: Breakpoint;
  headerSx?: SxProps<Theme>;
  sx?: SxProps<Theme>;
  testId?: string;
}

export interface RowAction<Row> {
  label: string;
  icon: ReactNode;
  onClick?: (row: Row) => void;
  /** The app path the action opens, as a link. */
  to?: (row: Row) => string;
  /** Rows this action does not apply to. */
  isHidden?: (row: Row) => boolean;
  testId?: string;
  ariaLabel?: (row: Row) => string;
  /** Why the action is unavailable on this row, if it is. */
  disabledReason?: (row: Row) => string | undefined;
}

export interface RowDelete<Row> extends Omit<RowAction<Row>, 'icon' | 'onClick' | 'to' | 'isHidden'> {
  confirmTitle: (row: Row) => ReactNode;
  confirmMessage?: (row: Row) => ReactNode;
  /** The confirming button's text; the action's label when unset. */
  confirmLabel?: string;
  /** Deletes the row. The dialog closes when it resolves and stays open when it throws (the http client has toasted). */
  onConfirm: (row: Row) => Promise<unknown>;
}

/** What infinite scroll needs of a TanStack infinite query. */
export interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

interface DataTableProps<Row> {
  rows: Row[];
  rowKey: (row: Row) => Key;
  columns: DataTableColumn<Row>[];
  /** Edit and other row actions, before the delete action. */
  actions?: RowAction<Row>[];
  deleteAction?: RowDelete<Row>;
  actionsHeader?: ReactNode;
  actionsHeaderSx?: SxProps<Theme>;
  rowProps?: (row: Row) => TableRowProps & Record<`data-${string}`, string | number | undefined>;
  isLoading: boolean;
  /** The list's infinite query: the table scrolls inside itself and asks for the next page near its bottom. */
  paging?: PagedQuery;
  emptyText?: ReactNode;
  emptyTestId?: string;
  /**
   * A fuller empty screen (an icon, a hint) shown instead of the whole table when there are no rows;
   * the first load then shows a large spinner in its place.
   */
  emptyState?: ReactNode;
  ariaLabel?: string;
  scrollTestId?: string;
  /** The scrolling box's size when it is not the rest of a full-height page (e.g. `{ maxHeight: '65vh' }`). */
  scrollSx?: SxProps<Theme>;
  testId?: string;
  tableSx?: SxProps<Theme>;
  stickyHeader?: boolean;
}

/** spec: the next page loads when the list is scrolled within 100 px of its bottom. */
const LOAD_MORE_WITHIN_PX = 100;

const displayFrom = (breakpoint: Breakpoint | undefined) =>
  breakpoint ? { display: { xs: 'none', [breakpoint]: 'table-cell' } } : {};

const withSx = (base: object, sx: SxProps<Theme> | undefined): SxProps<Theme> => [
  base,
  ...(Array.isArray(sx) ? sx : [sx]),
];

/**
 * A list's table: a header row, one row per record with its actions (each with a tooltip; delete asks first),
 * an empty row, a loading row, and infinite scroll when given the list's query.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { rows, columns, actions = [], deleteAction, paging, isLoading } = props;
  const [deleting, setDeleting] = useState<Row | null>(null);
  const [isDeleteBusy, setDeleteBusy] = useState(false);
  const hasActions = actions.length > 0 || deleteAction !== undefined;
  const columnCount = columns.length + (hasActions ? 1 : 0);
  const isFetchingMore = paging?.isFetchingNextPage ?? false;

  const handleConfirmDelete = async () => {
    if (deleting === null || !deleteAction) return;
    setDeleteBusy(true);
    try {
      await deleteAction.onConfirm(deleting);
      setDeleting(null);
    } catch {
      // The http client already toasted the coded error.
    } finally {
      setDeleteBusy(false);
    }
  };

  if (props.emptyState !== undefined && rows.length === 0) {
    return isLoading ? (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
        <CircularProgress size={32} />
      </Box>
    ) : (
      props.emptyState
    );
  }

  const table = (
    <Table
      stickyHeader={props.stickyHeader ?? true}
      size="small"
      aria-label={props.ariaLabel}
      sx={props.tableSx}
      data-testid={props.testId}
    >
      <TableHead>
        <TableRow>
          {columns.map((column) => (
            <TableCell key={column.id} align={column.align} sx={withSx(displayFrom(column.showFrom), column.headerSx)}>
              {column.header}
            </TableCell>
          ))}
          {hasActions && (
            <TableCell align="right" sx={props.actionsHeaderSx}>
              {props.actionsHeader}
            </TableCell>
          )}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={props.rowKey(row)} hover {...props.rowProps?.(row)}>
            {columns.map((column) => (
              <TableCell
                key={column.id}
                align={column.align}
                sx={withSx(displayFrom(column.showFrom), column.sx)}
                data-testid={column.testId}
              >
                {column.render(row)}
              </TableCell>
            ))}
            {hasActions && (
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {actions
                  .filter((action) => !action.isHidden?.(row))
                  .map((action) => (
                    <RowActionButton
                      key={action.label}
                      label={action.label}
                      ariaLabel={action.ariaLabel?.(row)}
                      icon={action.icon}
                      testId={action.testId}
                      disabledReason={action.disabledReason?.(row)}
                      to={action.to?.(row)}
                      onClick={() => action.onClick?.(row)}
                    />
                  ))}
                {deleteAction && (
                  <RowActionButton
                    label={deleteAction.label}
                    ariaLabel={deleteAction.ariaLabel?.(row)}
                    icon={<DeleteOutline fontSize="small" />}
                    testId={deleteAction.testId}
                    disabledReason={deleteAction.disabledReason?.(row)}
                    onClick={() => setDeleting(row)}
                  />
                )}
              </TableCell>
            )}
          </TableRow>
        ))}
        {!isLoading && rows.length === 0 && (
          <TableRow>
            <TableCell
              colSpan={columnCount}
              align="center"
              sx={{ py: 6, color: 'text.secondary' }}
              data-testid={props.emptyTestId}
            >
              {props.emptyText}
            </TableCell>
          </TableRow>
        )}
        {(isLoading || isFetchingMore) && <LoadingRow colSpan={columnCount} />}
      </TableBody>
    </Table>
  );

  const handleScroll = (event: UIEvent<HTMLDivElement>) => {
    const { scrollTop, scrollHeight, clientHeight } = event.currentTarget;
    if (!paging || scrollHeight - scrollTop - clientHeight >= LOAD_MORE_WITHIN_PX) return;
    if (paging.hasNextPage && !paging.isFetchingNextPage) void paging.fetchNextPage();
  };

  return (
    <>
      {paging ? (
        <Box
          onScroll={handleScroll}
          sx={withSx({ overflow: 'auto' }, props.scrollSx ?? { flex: 1, minHeight: 0 })}
          data-testid={props.scrollTestId}
        >
          {table}
        </Box>
      ) : (
        table
      )}
      {deleteAction && (
        <ConfirmDialog
          open={deleting !== null}
          title={deleting !== null && deleteAction.confirmTitle(deleting)}
          confirmLabel={deleteAction.confirmLabel ?? deleteAction.label}
          isBusy={isDeleteBusy}
          onConfirm={handleConfirmDelete}
          onClose={() => setDeleting(null)}
        >
          {deleting !== null && deleteAction.confirmMessage?.(deleting)}
        </ConfirmDialog>
      )}
    </>
  );
}

function LoadingRow({ colSpan }: { colSpan: number }) {
  const { t } = useTranslation('common');
  return (
    <TableRow>
      <TableCell colSpan={colSpan} align="center" sx={{ py: 3 }}>
        <CircularProgress size={24} aria-label={t('loading')} />
      </TableCell>
    </TableRow>
  );
}
