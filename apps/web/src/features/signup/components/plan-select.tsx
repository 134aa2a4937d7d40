import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Typography from '@mui/material/Typography';
import type { PublicPlan } from '@wacrm/shared/plans/plan.schema';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPlanPrice } from '../model/plan-format.ts';

interface PlanSelectProps {
  plans: PublicPlan[] | null;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  errorText?: string;
  isLoading: boolean;
}

/** The plan choice: name and monthly price, with the plan's limits under each name. */
export function PlanSelect({ plans, value, onChange, onBlur, errorText, isLoading }: PlanSelectProps) {
  const { t, i18n } = useTranslation('signup');
  const id = useId();
  const labelId = `${id}-label`;
  const limits = (plan: PublicPlan) =>
    t('plan.limits', {
      users: t('plan.users', { count: plan.users }),
      connections: t('plan.connections', { count: plan.connections }),
      queues: t('plan.queues', { count: plan.queues }),
    });
  const price = (plan: PublicPlan) => t('plan.price', { price: formatPlanPrice(plan.value, i18n.language) });
  const selected = plans?.find((plan) => String(plan.id) === value);
  const helper = errorText ?? (selected ? limits(selected) : isLoading ? t('plan.loading') : undefined);

  return (
    <FormControl fullWidth error={!!errorText}>
      <InputLabel id={labelId}>{t('fields.plan')}</InputLabel>
      <Select
        labelId={labelId}
        label={t('fields.plan')}
        value={plans ? value : ''}
        onChange={(event) => onChange(String(event.target.value))}
        onBlur={onBlur}
        disabled={!plans}
        renderValue={() => (selected ? `${selected.name} · ${price(selected)}` : '')}
        inputProps={{ 'data-testid': 'signup-plan-input' }}
        SelectDisplayProps={{ 'data-testid': 'signup-plan' } as React.HTMLAttributes<HTMLDivElement>}
        aria-describedby={helper ? `${id}-helper` : undefined}
      >
        {plans?.length === 0 && (
          <MenuItem disabled value="">
            {t('plan.none')}
          </MenuItem>
        )}
        {plans?.map((plan) => (
          <MenuItem
            key={plan.id}
            value={String(plan.id)}
            data-testid={`signup-plan-${plan.id}`}
            sx={{ display: 'block', whiteSpace: 'normal' }}
          >
            <Typography component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
              <span>{plan.name}</span>
              <Typography component="span" color="primary" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {price(plan)}
              </Typography>
            </Typography>
            <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
              {limits(plan)}
            </Typography>
          </MenuItem>
        ))}
      </Select>
      {helper && <FormHelperText id={`${id}-helper`}>{helper}</FormHelperText>}
    </FormControl>
  );
}
