import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { CompanyRecord } from '@wacrm/shared/companies/company.schema';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CompanySchedulesEditor, SettingsOptionsPanel } from '../../settings/index.ts';
import { CompanyDetailsForm } from './company-details-form.tsx';

interface CompanyFormDialogProps {
  open: boolean;
  company: CompanyRecord | null;
  onClose: () => void;
}

type CompanyTab = 'details' | 'schedules' | 'settings';
const companyTabs: readonly CompanyTab[] = ['details', 'schedules', 'settings'];

// The form has its own campaigns switch; the settings tab leaves that key to it.
const keysOfTheDetailsTab = ['campaignsEnabled'] as const;

/**
 * The super user's company form. Editing adds the company's weekly hours and its settings
 * (issue 3's company fields): each tab saves on its own, as /settings does for a company admin.
 */
export function CompanyFormDialog({ open, company, onClose }: CompanyFormDialogProps) {
  const { t } = useTranslation(['companies', 'common']);
  const isPhone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const [tab, setTab] = useState<CompanyTab>('details');
  const [isSubmitting, setIsSubmitting] = useState(false);

  useEffect(() => {
    if (open) setTab('details');
  }, [open]);

  const closeButton = (
    <DialogActions>
      <Button onClick={onClose} color="inherit" data-testid="company-dialog-close">
        {t('common:actions.close')}
      </Button>
    </DialogActions>
  );

  return (
    <Dialog
      open={open}
      onClose={isSubmitting ? undefined : onClose}
      fullWidth
      fullScreen={isPhone}
      maxWidth={company ? 'md' : 'sm'}
    >
      <DialogTitle>{company ? t('form.editTitle') : t('form.addTitle')}</DialogTitle>
      {company && (
        <Tabs
          value={tab}
          onChange={(_event, next: CompanyTab) => setTab(next)}
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ px: { xs: 1, sm: 2 } }}
        >
          {companyTabs.map((id) => (
            <Tab key={id} value={id} label={t(`form.tabs.${id}`)} data-testid={`company-tab-${id}`} />
          ))}
        </Tabs>
      )}
      <CompanyDetailsForm
        open={open}
        company={company}
        isHidden={tab !== 'details'}
        onSubmittingChange={setIsSubmitting}
        onClose={onClose}
      />
      {company && tab === 'schedules' && (
        <>
          <DialogContent dividers>
            <CompanySchedulesEditor companyId={company.id} isBare />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
              {t('form.schedulesHint')}
            </Typography>
          </DialogContent>
          {closeButton}
        </>
      )}
      {company && tab === 'settings' && (
        <>
          <DialogContent dividers>
            <SettingsOptionsPanel
              companyId={company.id}
              scope="companiesAdmin"
              hiddenKeys={keysOfTheDetailsTab}
              isCompact
            />
          </DialogContent>
          {closeButton}
        </>
      )}
    </Dialog>
  );
}
