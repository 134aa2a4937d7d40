import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type InvoiceRecord, type InvoiceStatus, invoiceStatuses } from '@wacrm/shared/billing/invoice.schema';
import { companyRoutes } from '@wacrm/shared/companies/company.routes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredSpinner } from '../../../components/ui/centered-spinner.tsx';
import { http } from '../../../lib/api.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { useSessionUser } from '../../auth/index.ts';
import { formatBrl } from '../../plans/index.ts';
import { CheckoutDialog, usePaymentConfirmed } from '../../subscription/index.ts';
import { type InvoiceFilters, invoicesApi, invoicesKeys } from '../api/invoices-api.ts';
import { InvoiceCards } from '../components/invoice-cards.tsx';
import { invoiceStatusColor as statusColor } from '../components/invoice-status.ts';

/** `/financeiro`: the company's invoices, newest first; the super user sees every company's, with filters. */
export function FinanceiroPage() {
  const { t, i18n } = useTranslation('financeiro');
  const user = useSessionUser();
  const [filters, setFilters] = useState<InvoiceFilters>({ companyId: null, status: null });
  const [paying, setPaying] = useState<InvoiceRecord | null>(null);
  usePaymentConfirmed();
  const invoices = useInfiniteQuery({
    queryKey: invoicesKeys.list(filters),
    queryFn: ({ pageParam }) => invoicesApi.page(filters, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (last.hasMore ? all.length + 1 : undefined),
  });
  const companies = useQuery({
    queryKey: ['companies', 'options'],
    queryFn: () => http.call(companyRoutes.list),
    enabled: user.super,
  });
  const rows = invoices.data?.pages.flatMap((page) => page.invoices) ?? [];
  const showCompany = user.super;
  const isPhone = useMediaQuery((theme) => theme.breakpoints.down('sm'));

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {t('title')}
      </Typography>
      {user.company.billingOnly && (
        <Alert severity="warning" data-testid="billing-only-notice">
          <strong>{t('billingOnly.title', { date: formatDate(user.company.dueDate) })}</strong> {t('billingOnly.text')}
        </Alert>
      )}
      {user.super && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            select
            size="small"
            label={t('filters.company')}
            value={filters.companyId ?? ''}
            onChange={(event) => setFilters({ ...filters, companyId: Number(event.target.value) || null })}
            sx={{ minWidth: 240 }}
            slotProps={{ htmlInput: { 'data-testid': 'invoices-company-filter' } }}
          >
            <MenuItem value="">{t('filters.allCompanies')}</MenuItem>
            {(companies.data ?? []).map((company) => (
              <MenuItem key={company.id} value={company.id}>
                {company.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('filters.status')}
            value={filters.status ?? ''}
            onChange={(event) =>
              setFilters({ ...filters, status: (event.target.value || null) as InvoiceStatus | null })
            }
            sx={{ minWidth: 180 }}
          >
            <MenuItem value="">{t('filters.allStatuses')}</MenuItem>
            {invoiceStatuses.map((status) => (
              <MenuItem key={status} value={status}>
                {t(`status.${status}`)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      )}
      {invoices.isLoading ? (
        <CenteredSpinner />
      ) : isPhone ? (
        <InvoiceCards rows={rows} showCompany={showCompany} ownCompanyId={user.companyId} onPay={setPaying} />
      ) : (
        <TableContainer component={Paper} variant="outlined" sx={{ borderRadius: '12px' }} data-testid="invoices-table">
          <Table size="small">
            <TableHead>
              <TableRow>
                {showCompany && <TableCell>{t('columns.company')}</TableCell>}
                <TableCell>{t('columns.period')}</TableCell>
                <TableCell>{t('columns.plan')}</TableCell>
                <TableCell align="right">{t('columns.value')}</TableCell>
                <TableCell>{t('columns.dueDate')}</TableCell>
                <TableCell>{t('columns.status')}</TableCell>
                <TableCell>{t('columns.paidAt')}</TableCell>
                <TableCell align="right">{t('columns.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={showCompany ? 8 : 7} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                    {t('empty')}
                  </TableCell>
                </TableRow>
              )}
              {rows.map((invoice) => (
                <TableRow key={invoice.id} data-testid="invoice-row" data-status={invoice.status}>
                  {showCompany && <TableCell>{invoice.companyName}</TableCell>}
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {formatDate(invoice.periodStart)} – {formatDate(invoice.periodEnd)}
                  </TableCell>
                  <TableCell>{invoice.planName}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatBrl(invoice.value, i18n.language)}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(invoice.dueDate)}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      variant="outlined"
                      color={statusColor[invoice.status]}
                      label={t(`status.${invoice.status}`)}
                      data-testid="invoice-status"
                    />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {invoice.paidAt ? formatDateTime(invoice.paidAt) : '—'}
                  </TableCell>
                  <TableCell align="right">
                    {invoice.status !== 'paid' && invoice.companyId === user.companyId && (
                      <Button
                        size="small"
                        variant="contained"
                        onClick={() => setPaying(invoice)}
                        data-testid="invoice-pay"
                      >
                        {t('pay')}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {invoices.hasNextPage && (
        <Button
          onClick={() => invoices.fetchNextPage()}
          loading={invoices.isFetchingNextPage}
          sx={{ alignSelf: 'center' }}
        >
          {t('loadMore')}
        </Button>
      )}
      <CheckoutDialog open={paying !== null} onClose={() => setPaying(null)} invoice={paying} />
    </Stack>
  );
}
