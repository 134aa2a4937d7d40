import EditOutlined from '@mui/icons-material/EditOutlined';
import EventRepeat from '@mui/icons-material/EventRepeat';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { CompanyRecord } from '@wacrm/shared/companies/company.schema';
import { useTranslation } from 'react-i18next';
import { DataTable, type PagedQuery } from '../../../components/ui/data-table.tsx';
import { formatDate } from '../../../lib/format.ts';
import { companyStatus } from '../model/company-status.ts';
import { daysToDueDate, dueDateHighlight } from '../model/due-date-highlight.ts';
import { highlightBackground } from '../model/highlight-colors.ts';

/** Active, inactive, or "Trial, N days left" for a company still on its signup trial. */
function CompanyStatusChip({ company }: { company: CompanyRecord }) {
  const { t } = useTranslation('companies');
  const status = companyStatus(company);
  if (status.kind === 'trial')
    return (
      <Chip
        size="small"
        color="info"
        variant="outlined"
        label={t('status.trial', { count: status.daysLeft })}
        data-testid="company-status-trial"
      />
    );
  const isActive = status.kind === 'active';
  return (
    <Chip
      size="small"
      color={isActive ? 'success' : 'default'}
      variant={isActive ? 'filled' : 'outlined'}
      label={isActive ? t('status.active') : t('status.inactive')}
    />
  );
}

interface CompaniesTableProps {
  companies: CompanyRecord[];
  paging: PagedQuery;
  onEdit: (company: CompanyRecord) => void;
  onRenew: (company: CompanyRecord) => void;
  onDelete: (company: CompanyRecord) => Promise<unknown>;
}

export function CompaniesTable({ companies, paging, onEdit, onRenew, onDelete }: CompaniesTableProps) {
  const { t } = useTranslation('companies');
  const dueDateText = (company: CompanyRecord) => (company.dueDate ? formatDate(company.dueDate) : t('noDueDate'));
  return (
    <DataTable
      rows={companies}
      rowKey={(company) => company.id}
      rowProps={(company) => {
        const highlight = dueDateHighlight(daysToDueDate(company.dueDate));
        return {
          'data-testid': 'company-row',
          'data-highlight': highlight,
          // The tint stays under the pointer: MUI's hover colour would otherwise replace it.
          sx:
            highlight === 'none'
              ? undefined
              : {
                  bgcolor: highlightBackground(highlight),
                  '&:hover': { bgcolor: highlightBackground(highlight, true) },
                },
        };
      }}
      columns={[
        {
          id: 'name',
          header: `${t('columns.name')} / ${t('columns.email')}`,
          sx: { minWidth: { sm: 160 }, maxWidth: 280, px: { xs: 1, sm: 2 } },
          render: (company) => (
            <>
              <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {company.name}
              </Typography>
              <Typography
                variant="caption"
                color="text.secondary"
                noWrap
                component="div"
                title={company.email ?? undefined}
                sx={{ maxWidth: { xs: 190, sm: 260 } }}
              >
                {company.email}
              </Typography>
              {/* Phones have no due-date column: the date sits under the email. */}
              <Typography variant="caption" component="div" sx={{ display: { sm: 'none' }, fontWeight: 600 }}>
                {t('columns.dueDate')}: {dueDateText(company)}
              </Typography>
            </>
          ),
        },
        {
          id: 'phone',
          header: t('columns.phone'),
          showFrom: 'xl',
          sx: { whiteSpace: 'nowrap' },
          render: (company) => company.phone,
        },
        {
          id: 'plan',
          header: t('columns.plan'),
          showFrom: 'md',
          sx: { maxWidth: 180 },
          render: (company) => company.plan?.name ?? '—',
        },
        {
          id: 'status',
          header: t('columns.status'),
          showFrom: 'md',
          render: (company) => <CompanyStatusChip company={company} />,
        },
        {
          id: 'dueDate',
          header: t('columns.dueDate'),
          showFrom: 'sm',
          sx: { whiteSpace: 'nowrap' },
          render: dueDateText,
        },
        {
          id: 'recurrence',
          header: t('columns.recurrence'),
          showFrom: 'lg',
          render: (company) => t(`recurrence.${company.recurrence}`),
        },
        {
          id: 'createdAt',
          header: t('columns.createdAt'),
          showFrom: 'xl',
          render: (company) => formatDate(company.createdAt),
        },
      ]}
      actionsHeader={t('columns.actions')}
      actions={[
        {
          label: t('actions.renew'),
          icon: <EventRepeat fontSize="small" />,
          testId: 'company-renew',
          onClick: onRenew,
        },
        { label: t('actions.edit'), icon: <EditOutlined fontSize="small" />, testId: 'company-edit', onClick: onEdit },
      ]}
      deleteAction={{
        label: t('actions.delete'),
        testId: 'company-delete',
        confirmTitle: () => t('remove.title'),
        confirmMessage: (company) => t('remove.message', { name: company.name }),
        confirmLabel: t('remove.confirm'),
        onConfirm: onDelete,
      }}
      isLoading={false}
      paging={paging}
      scrollSx={{ maxHeight: '65vh' }}
      scrollTestId="companies-scroll"
    />
  );
}
