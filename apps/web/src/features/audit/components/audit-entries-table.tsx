import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { AuditEntry } from '@wacrm/shared/audit/audit.schema';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { describeChanges } from '../model/audit-changes.ts';

const authorOf = (entry: AuditEntry) => entry.userName ?? (entry.userId ? `#${entry.userId}` : '—');

/**
 * The entries: five columns on a desktop; on a phone two, the action carrying its time and author
 * underneath and the address left out, so no row scrolls sideways.
 */
export function AuditEntriesTable({ entries, isLoading }: { entries: AuditEntry[]; isLoading: boolean }) {
  const { t } = useTranslation('audit');
  const columns: DataTableColumn<AuditEntry>[] = [
    {
      id: 'when',
      header: t('columns.when'),
      showFrom: 'sm',
      sx: { whiteSpace: 'nowrap' },
      render: (entry) => formatDateTime(entry.createdAt),
    },
    { id: 'who', header: t('columns.who'), showFrom: 'sm', render: authorOf },
    {
      id: 'action',
      header: t('columns.action'),
      sx: { minWidth: 120 },
      render: (entry) => (
        <>
          {t(`actions.${entry.action}`, { defaultValue: entry.action })}
          <Typography
            variant="caption"
            color="text.secondary"
            component="div"
            sx={{ display: { xs: 'block', sm: 'none' } }}
          >
            {formatDateTime(entry.createdAt)} · {authorOf(entry)}
          </Typography>
          {entry.entityId && (
            <Typography variant="caption" color="text.secondary" component="div">
              {entry.entityType} {entry.entityId}
            </Typography>
          )}
        </>
      ),
    },
    {
      id: 'changes',
      header: t('columns.changes'),
      sx: { fontFamily: 'monospace', fontSize: '0.8rem', wordBreak: 'break-word' },
      render: (entry) =>
        describeChanges(entry.changes).map((line) => (
          <Box key={line} component="div">
            {line}
          </Box>
        )),
    },
    { id: 'ip', header: t('columns.ip'), showFrom: 'md', render: (entry) => entry.ip ?? '' },
  ];

  return (
    <DataTable
      rows={entries}
      rowKey={(entry) => entry.id}
      columns={columns}
      isLoading={isLoading}
      stickyHeader={false}
      emptyText={t('empty')}
      rowProps={() => ({ 'data-testid': 'audit-row' })}
      tableSx={{ tableLayout: { xs: 'fixed', sm: 'auto' } }}
    />
  );
}
