import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import EventRepeat from '@mui/icons-material/EventRepeat';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { CompanyRecord } from '@wacrm/shared/companies/company.schema';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';
import { companyStatus } from '../model/company-status.ts';
import { daysToDueDate, dueDateHighlight } from '../model/due-date-highlight.ts';
import { highlightBackground } from '../model/highlight-colors.ts';

const hideOnPhone = { display: { xs: 'none', sm: 'table-cell' } };
const hideOnNarrow = { display: { xs: 'none', md: 'table-cell' } };
const hideOnTablet = { display: { xs: 'none', lg: 'table-cell' } };
const hideBelowWide = { display: { xs: 'none', xl: 'table-cell' } };

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
  onEdit: (company: CompanyRecord) => void;
  onRenew: (company: CompanyRecord) => void;
  onDelete: (company: CompanyRecord) => void;
}

export function CompaniesTable({ companies, onEdit, onRenew, onDelete }: CompaniesTableProps) {
  const { t } = useTranslation('companies');
  return (
    <Table size="small" stickyHeader>
      <TableHead>
        <TableRow>
          <TableCell>
            {t('columns.name')} / {t('columns.email')}
          </TableCell>
          <TableCell sx={hideBelowWide}>{t('columns.phone')}</TableCell>
          <TableCell sx={hideOnNarrow}>{t('columns.plan')}</TableCell>
          <TableCell sx={hideOnNarrow}>{t('columns.status')}</TableCell>
          <TableCell sx={hideOnPhone}>{t('columns.dueDate')}</TableCell>
          <TableCell sx={hideOnTablet}>{t('columns.recurrence')}</TableCell>
          <TableCell sx={hideBelowWide}>{t('columns.createdAt')}</TableCell>
          <TableCell align="right">{t('columns.actions')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {companies.map((company) => {
          const highlight = dueDateHighlight(daysToDueDate(company.dueDate));
          const dueDateText = company.dueDate ? formatDate(company.dueDate) : t('noDueDate');
          return (
            <TableRow
              key={company.id}
              hover
              data-testid="company-row"
              data-highlight={highlight}
              // The tint stays under the pointer: MUI's hover colour would otherwise replace it.
              sx={
                highlight === 'none'
                  ? undefined
                  : {
                      bgcolor: highlightBackground(highlight),
                      '&:hover': { bgcolor: highlightBackground(highlight, true) },
                    }
              }
            >
              <TableCell sx={{ minWidth: { sm: 160 }, maxWidth: 280, px: { xs: 1, sm: 2 } }}>
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
                  {t('columns.dueDate')}: {dueDateText}
                </Typography>
              </TableCell>
              <TableCell sx={{ ...hideBelowWide, whiteSpace: 'nowrap' }}>{company.phone}</TableCell>
              <TableCell sx={{ ...hideOnNarrow, maxWidth: 180 }}>{company.plan?.name ?? '—'}</TableCell>
              <TableCell sx={hideOnNarrow}>
                <CompanyStatusChip company={company} />
              </TableCell>
              <TableCell sx={{ ...hideOnPhone, whiteSpace: 'nowrap' }}>{dueDateText}</TableCell>
              <TableCell sx={hideOnTablet}>{t(`recurrence.${company.recurrence}`)}</TableCell>
              <TableCell sx={hideBelowWide}>{formatDate(company.createdAt)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <Tooltip title={t('actions.renew')}>
                  <IconButton
                    size="small"
                    onClick={() => onRenew(company)}
                    aria-label={t('actions.renew')}
                    data-testid="company-renew"
                  >
                    <EventRepeat fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Tooltip title={t('actions.edit')}>
                  <IconButton
                    size="small"
                    onClick={() => onEdit(company)}
                    aria-label={t('actions.edit')}
                    data-testid="company-edit"
                  >
                    <EditOutlined fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Tooltip title={t('actions.delete')}>
                  <IconButton
                    size="small"
                    onClick={() => onDelete(company)}
                    aria-label={t('actions.delete')}
                    data-testid="company-delete"
                  >
                    <DeleteOutline fontSize="small" />
                  </IconButton>
                </Tooltip>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
