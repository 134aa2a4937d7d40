import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type AuditAction, auditActions, auditPageSize } from '@wacrm/shared/audit/audit.schema';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/ui/date-field.tsx';
import { notifyError } from '../../../lib/error-message.ts';
import { usersApi } from '../../users/index.ts';
import { auditApi, auditKeys, downloadAuditCsv } from '../api/audit-api.ts';
import { AuditEntriesTable } from './audit-entries-table.tsx';

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
        {/* Typed dd/mm/yyyy in every interface language, as the reports' period (not the browser's locale). */}
        <DateField
          size="small"
          label={t('filters.from')}
          value={filters.from}
          onChange={(from) => change({ from })}
          testId="audit-from"
          sx={{ width: { sm: 170 } }}
        />
        <DateField
          size="small"
          label={t('filters.to')}
          value={filters.to}
          onChange={(to) => change({ to })}
          testId="audit-to"
          sx={{ width: { sm: 170 } }}
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
      <AuditEntriesTable entries={page.data?.records ?? []} isLoading={page.isLoading} />
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
