import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import type { FlowRecord } from '@wacrm/shared';
import type { ReactNode, UIEvent } from 'react';
import { useTranslation } from 'react-i18next';

interface FlowsTableProps {
  flows: FlowRecord[];
  isLoading: boolean;
  onEndReached: () => void;
  onOpen: (flow: FlowRecord) => void;
  onRename: (flow: FlowRecord) => void;
  onDuplicate: (flow: FlowRecord) => void;
  onToggle: (flow: FlowRecord) => void;
  onExport: (flow: FlowRecord) => void;
  onDelete: (flow: FlowRecord) => void;
}

/** Rows of name and Ativo/Desativado; a click opens the editor, the actions stay on the row. */
export function FlowsTable(props: FlowsTableProps) {
  const { flows, isLoading, onEndReached, onOpen } = props;
  const { t } = useTranslation(['flows', 'common']);
  // spec: the next page loads within 100 px of the bottom.
  const handleScroll = (event: UIEvent<HTMLDivElement>) => {
    const box = event.currentTarget;
    if (box.scrollHeight - box.scrollTop - box.clientHeight < 100) onEndReached();
  };
  const action = (label: string, icon: ReactNode, run: () => void, testId: string) => (
    <Tooltip title={label}>
      <IconButton
        size="small"
        aria-label={label}
        data-testid={testId}
        onClick={(event) => {
          event.stopPropagation();
          run();
        }}
      >
        {icon}
      </IconButton>
    </Tooltip>
  );

  return (
    <Box sx={{ flex: 1, overflow: 'auto' }} onScroll={handleScroll}>
      <Table stickyHeader size="small" aria-label={t('list.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('list.name')}</TableCell>
            <TableCell>{t('list.status')}</TableCell>
            <TableCell align="right">{t('list.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {flows.map((flow) => (
            <TableRow
              key={flow.id}
              hover
              sx={{ cursor: 'pointer' }}
              onClick={() => onOpen(flow)}
              data-testid="flow-row"
              data-flow-name={flow.name}
            >
              <TableCell sx={{ fontWeight: 500 }}>{flow.name}</TableCell>
              <TableCell>
                <Switch
                  size="small"
                  checked={flow.active}
                  onClick={(event) => event.stopPropagation()}
                  onChange={() => props.onToggle(flow)}
                  slotProps={{ input: { 'aria-label': t('list.activeSwitch') } }}
                />
                {flow.active ? t('list.active') : t('list.inactive')}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {action(t('list.rename'), <EditOutlined fontSize="small" />, () => props.onRename(flow), 'flow-rename')}
                {action(
                  t('list.duplicate'),
                  <ContentCopyOutlined fontSize="small" />,
                  () => props.onDuplicate(flow),
                  'flow-duplicate',
                )}
                {action(
                  t('list.export'),
                  <DownloadOutlined fontSize="small" />,
                  () => props.onExport(flow),
                  'flow-export',
                )}
                {action(
                  t('actions.delete'),
                  <DeleteOutline fontSize="small" />,
                  () => props.onDelete(flow),
                  'flow-delete',
                )}
              </TableCell>
            </TableRow>
          ))}
          {!isLoading && flows.length === 0 && (
            <TableRow>
              <TableCell colSpan={3} align="center" sx={{ py: 6, color: 'text.secondary' }}>
                {t('list.empty')}
              </TableCell>
            </TableRow>
          )}
          {isLoading && (
            <TableRow>
              <TableCell colSpan={3} align="center" sx={{ py: 3 }}>
                <CircularProgress size={24} aria-label={t('common:loading')} />
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </Box>
  );
}
