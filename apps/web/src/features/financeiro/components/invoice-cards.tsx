import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { InvoiceRecord } from '@wacrm/shared/billing/invoice.schema';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { formatBrl } from '../../plans/index.ts';
import { invoiceStatusColor } from './invoice-status.ts';

/** The invoices on a phone: one card each instead of a table wider than the screen. */
export function InvoiceCards({
  rows,
  showCompany,
  ownCompanyId,
  onPay,
}: {
  rows: InvoiceRecord[];
  showCompany: boolean;
  ownCompanyId: number;
  onPay: (invoice: InvoiceRecord) => void;
}) {
  const { t, i18n } = useTranslation('financeiro');
  if (rows.length === 0) {
    return (
      <Paper
        variant="outlined"
        sx={{ p: 3, textAlign: 'center', color: 'text.secondary' }}
        data-testid="invoices-table"
      >
        {t('empty')}
      </Paper>
    );
  }
  return (
    <Stack spacing={1.5} data-testid="invoices-table">
      {rows.map((invoice) => (
        <Paper
          key={invoice.id}
          variant="outlined"
          sx={{ p: 2, borderRadius: '12px' }}
          data-testid="invoice-row"
          data-status={invoice.status}
        >
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
            <Typography variant="h6" component="p">
              {formatBrl(invoice.value, i18n.language)}
            </Typography>
            <Chip
              size="small"
              variant="outlined"
              color={invoiceStatusColor[invoice.status]}
              label={t(`status.${invoice.status}`)}
              data-testid="invoice-status"
            />
          </Stack>
          {showCompany && <Typography variant="body2">{invoice.companyName}</Typography>}
          <Typography variant="body2" color="text.secondary">
            {invoice.planName} · {formatDate(invoice.periodStart)} – {formatDate(invoice.periodEnd)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('columns.dueDate')}: {formatDate(invoice.dueDate)}
            {invoice.paidAt ? ` · ${t('columns.paidAt')}: ${formatDateTime(invoice.paidAt)}` : ''}
          </Typography>
          {invoice.status !== 'paid' && invoice.companyId === ownCompanyId && (
            <Button
              variant="contained"
              size="small"
              onClick={() => onPay(invoice)}
              sx={{ mt: 1.5 }}
              fullWidth
              data-testid="invoice-pay"
            >
              {t('pay')}
            </Button>
          )}
        </Paper>
      ))}
    </Stack>
  );
}
