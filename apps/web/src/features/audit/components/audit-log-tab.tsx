import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type AuditAction, auditActions, auditPageSize } from '@wacrm/shared/audit/audit.schema';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../lib/error-message.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { usersApi } from '../../users/index.ts';
import { auditApi, auditKeys, downloadAuditCsv } from '../api/audit-api.ts';
import { describeChanges } from '../model/audit-changes.ts';

interface Filters {
  userId: string;
  action: AuditAction | '';
  from: string;
  to: string;
}

/**
 * Who changed what in the company (issue 53): the super user sees every company's. Filters by
 * person, action and period; the CSV export takes the same filters.
 */
export function AuditLogTab() {
  const { t } = useTranslation('audit');
  const [filters, setFilters] = useState<Filters>({ userId: '', action: '', from: '', to: '' });
  const [pageNumber, setPageNumber] = useState(1);
  const query = {
    ...(filters.userId ? { userId: Number(filters.userId) } : {}),
    ...(filters.action ? { action: filters.action } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
  };
  const page = useQuery({
    queryKey: auditKeys.page({ ...query, pageNumber }),
    queryFn: () => auditApi.page({ ...query, pageNumber }),
    placeholderData: keepPreviousData,
  });
  const people = useQuery({ queryKey: ['users', 'options'], queryFn: usersApi.options });
  const change = (next: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPageNumber(1);
  };
  const pages = Math.max(1, Math.ceil((page.data?.count ?? 0) / auditPageSize));

  return (
    <Stack spacing={2} data-testid="audit-log">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label={t('filters.person')}
          value={filters.userId}
          onChange={(event) => change({ userId: event.target.value })}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">{t('filters.anyone')}</MenuItem>
          {people.data?.map((person) => (
            <MenuItem key={person.id} value={String(person.id)}>
              {person.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('filters.action')}
          value={filters.action}
          onChange={(event) => change({ action: event.target.value as AuditAction | '' })}
          sx={{ minWidth: 200 }}
          slotProps={{ htmlInput: { 'data-testid': 'audit-action-filter' } }}
        >
          <MenuItem value="">{t('filters.anyAction')}</MenuItem>
          {auditActions.map((action) => (
            <MenuItem key={action} value={action}>
              {t(`actions.${action}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          type="date"
          size="small"
          label={t('filters.from')}
          value={filters.from}
          onChange={(event) => change({ from: event.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          type="date"
          size="small"
          label={t('filters.to')}
          value={filters.to}
          onChange={(event) => change({ to: event.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Box sx={{ flex: 1 }} />
        <Button
          variant="outlined"
          startIcon={<DownloadOutlined />}
          onClick={() => downloadAuditCsv(query).catch(notifyError)}
          data-testid="audit-export"
        >
          {t('export')}
        </Button>
      </Stack>
      <TableContainer>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('columns.when')}</TableCell>
              <TableCell>{t('columns.who')}</TableCell>
              <TableCell>{t('columns.action')}</TableCell>
              <TableCell>{t('columns.changes')}</TableCell>
              <TableCell>{t('columns.ip')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {page.data?.records.map((entry) => (
              <TableRow key={entry.id} data-testid="audit-row">
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.createdAt)}</TableCell>
                <TableCell>{entry.userName ?? (entry.userId ? `#${entry.userId}` : '—')}</TableCell>
                <TableCell>
                  {t(`actions.${entry.action}`, { defaultValue: entry.action })}
                  {entry.entityId && (
                    <Typography variant="caption" color="text.secondary" component="div">
                      {entry.entityType} {entry.entityId}
                    </Typography>
                  )}
                </TableCell>
                <TableCell sx={{ fontFamily: 'monospace', fontSize: '0.8rem', wordBreak: 'break-word' }}>
                  {describeChanges(entry.changes).map((line) => (
                    <div key={line}>{line}</div>
                  ))}
                </TableCell>
                <TableCell>{entry.ip ?? ''}</TableCell>
              </TableRow>
            ))}
            {page.data?.records.length === 0 && (
              <TableRow>
                <TableCell colSpan={5}>
                  <Typography variant="body2" color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
                    {t('empty')}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {pages > 1 && (
        <Pagination
          count={pages}
          page={pageNumber}
          onChange={(_, next) => setPageNumber(next)}
          sx={{ alignSelf: 'center' }}
        />
      )}
    </Stack>
  );
}
