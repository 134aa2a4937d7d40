import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import type { CompanyRecord } from '@wacrm/shared/companies/company.schema';
import { renewDueDate } from '@wacrm/shared/companies/recurrence';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { formatDate } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { notifyOperationError } from '../../plans/index.ts';
import { companiesApi, companiesKeys } from '../api/companies-api.ts';
import { useCompaniesPage } from '../hooks/use-companies-page.ts';
import { localIsoDay } from '../model/due-date-highlight.ts';
import { CompaniesTable } from './companies-table.tsx';
import { CompanyFormDialog } from './company-form-dialog.tsx';
import { DueDateLegend } from './due-date-legend.tsx';

/** spec: the super user's companies tab in settings. */
export function CompaniesManager() {
  const { t } = useTranslation('companies');
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim());
  const { companies, count, isPending, isError, hasNextPage, isFetchingNextPage, fetchNextPage } =
    useCompaniesPage(searchParam);
  const [editing, setEditing] = useState<CompanyRecord | null>(null);
  const [isFormOpen, setIsFormOpen] = useState(false);
  const [renewing, setRenewing] = useState<CompanyRecord | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const openForm = (company: CompanyRecord | null) => {
    setEditing(company);
    setIsFormOpen(true);
  };

  const handleRenew = async () => {
    if (!renewing) return;
    setIsBusy(true);
    try {
      const renewed = await companiesApi.renew(renewing.id);
      toast.success(t('toasts.renewed', { date: formatDate(renewed.dueDate) }));
      void queryClient.invalidateQueries({ queryKey: companiesKeys.all() });
      setRenewing(null);
    } catch (error) {
      notifyOperationError(error, t('toasts.errorOperation'));
    } finally {
      setIsBusy(false);
    }
  };

  const handleDelete = async (company: CompanyRecord) => {
    try {
      await companiesApi.remove(company.id);
    } catch (error) {
      notifyOperationError(error, t('toasts.errorOperation'));
      throw error;
    }
    toast.success(t('toasts.deleted'));
    void queryClient.invalidateQueries({ queryKey: companiesKeys.all() });
  };

  const renewedDueDate = renewing ? renewDueDate(renewing.dueDate, renewing.recurrence, localIsoDay()) : null;

  return (
    <Stack spacing={2} data-testid="companies-manager">
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ alignItems: { sm: 'center' }, gap: 1.5 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {t('tab')}
          {!isPending && (
            <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
              {t('count', { count })}
            </Typography>
          )}
        </Typography>
        <TextField
          size="small"
          type="search"
          placeholder={t('search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          sx={{ minWidth: { sm: 280 } }}
          slotProps={{
            htmlInput: { 'data-testid': 'companies-search', 'aria-label': t('searchLabel') },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => openForm(null)} data-testid="company-add">
          {t('add')}
        </Button>
      </Stack>
      <DueDateLegend />
      {isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress size={28} />
        </Box>
      ) : isError ? (
        <Typography color="error" sx={{ py: 4, textAlign: 'center' }}>
          {t('toasts.errorList')}
        </Typography>
      ) : companies.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }} data-testid="companies-empty">
          {searchParam ? t('emptySearch') : t('empty')}
        </Typography>
      ) : (
        <CompaniesTable
          companies={companies}
          paging={{ hasNextPage, isFetchingNextPage, fetchNextPage }}
          onEdit={openForm}
          onRenew={setRenewing}
          onDelete={handleDelete}
        />
      )}
      <CompanyFormDialog open={isFormOpen} company={editing} onClose={() => setIsFormOpen(false)} />
      <ConfirmDialog
        open={renewing !== null}
        title={t('renew.title')}
        confirmLabel={t('renew.confirm')}
        isDestructive={false}
        isBusy={isBusy}
        onConfirm={handleRenew}
        onClose={() => setRenewing(null)}
      >
        {renewing &&
          t('renew.message', {
            name: renewing.name,
            from: renewing.dueDate ? formatDate(renewing.dueDate) : t('noDueDate'),
            to: formatDate(renewedDueDate),
            recurrence: t(`recurrence.${renewing.recurrence}`),
          })}
      </ConfirmDialog>
    </Stack>
  );
}
