import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import type { CheckoutRequest, InvoiceRecord, SubscriptionAnswer } from '@wacrm/shared/billing/invoice.schema';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatDate } from '../../../lib/format.ts';
import { formatBrl } from '../../plans/index.ts';
import { subscriptionApi, subscriptionKeys } from '../api/subscription-api.ts';
import { type CheckoutData, checkoutDataErrors, emptyCheckoutData } from '../model/checkout-data.ts';
import { PixPayment } from './pix-payment.tsx';

/** spec: the steps are data, plan and review, shown as indices; the dialog opens on the plan step. */
const steps = ['data', 'plan', 'review'] as const;
export const CHECKOUT_FIRST_STEP = 1;

interface CheckoutDialogProps {
  open: boolean;
  onClose: () => void;
  /** Paying one invoice (from /financeiro): straight to the payment. */
  invoice?: InvoiceRecord | null;
  currentPlanId?: number | null;
  dueDate?: string | null;
}

export function CheckoutDialog({ open, onClose, invoice, currentPlanId, dueDate }: CheckoutDialogProps) {
  const { t, i18n } = useTranslation('subscription');
  const isPhone = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const [step, setStep] = useState<number>(CHECKOUT_FIRST_STEP);
  const [planId, setPlanId] = useState<number | null>(null);
  const [data, setData] = useState<CheckoutData>(emptyCheckoutData);
  const [showErrors, setShowErrors] = useState(false);
  const [payment, setPayment] = useState<SubscriptionAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isPaying, setIsPaying] = useState(false);
  const plans = useQuery({ queryKey: subscriptionKeys.plans(), queryFn: subscriptionApi.plans, enabled: open });
  const plan = plans.data?.find((item) => item.id === planId) ?? null;
  const errors = checkoutDataErrors(data);

  const pay = async (request: CheckoutRequest) => {
    setIsPaying(true);
    setError(null);
    try {
      setPayment(await subscriptionApi.checkout(request));
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setIsPaying(false);
    }
  };

  // Each opening starts over; an invoice goes straight to its Pix.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the dialog opens
  useEffect(() => {
    if (!open) return;
    setStep(CHECKOUT_FIRST_STEP);
    setPlanId(null);
    setPayment(null);
    setError(null);
    setShowErrors(false);
    if (invoice) void pay({ invoiceId: invoice.id });
  }, [open, invoice?.id]);

  const payerFields = (): Omit<CheckoutRequest, 'planId' | 'invoiceId'> => {
    const cleaned = { ...data, taxId: data.taxId.replace(/\D/g, '') };
    const filled = Object.entries(cleaned).filter(([, value]) => value.trim() !== '');
    return Object.fromEntries(filled) as Omit<CheckoutRequest, 'planId' | 'invoiceId'>;
  };

  const field = (name: keyof CheckoutData, required = false) => (
    <TextField
      key={name}
      label={t(`checkout.data.${name === 'address2' ? 'address' : name}`)}
      value={data[name]}
      onChange={(event) => setData({ ...data, [name]: event.target.value })}
      required={required}
      error={showErrors && !!errors[name]}
      helperText={showErrors && errors[name] ? t('required') : undefined}
      slotProps={{ htmlInput: { 'data-testid': `checkout-${name}` } }}
      fullWidth
      size="small"
    />
  );

  const body = () => {
    if (payment) return <PixPayment payment={payment} />;
    if (invoice) return null;
    if (step === 0)
      return (
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {field('firstName', true)}
            {field('lastName')}
          </Stack>
          {field('address2', true)}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {field('city', true)}
            {field('state')}
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {field('zipcode', true)}
            <TextField
              select
              label={t('checkout.data.country')}
              value={data.country}
              onChange={(event) => setData({ ...data, country: event.target.value as CheckoutData['country'] })}
              required
              fullWidth
              size="small"
            >
              {(['BR', 'US'] as const).map((code) => (
                <MenuItem key={code} value={code}>
                  {t(`checkout.data.countries.${code}`)}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          {field('taxId')}
        </Stack>
      );
    if (step === 1)
      return (
        <Stack spacing={1.5} data-testid="checkout-plans">
          {(plans.data ?? [])
            // A free plan has nothing to pay by Pix.
            .filter((item) => item.value > 0)
            .map((item) => (
              <Card
                key={item.id}
                variant="outlined"
                sx={{ borderColor: item.id === planId ? 'primary.main' : undefined }}
              >
                <CardActionArea
                  onClick={() => {
                    // spec: picking a plan moves to review.
                    setPlanId(item.id);
                    setStep(2);
                  }}
                  data-testid={`checkout-plan-${item.id}`}
                >
                  <CardContent>
                    <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
                      <Typography variant="subtitle1" sx={{ fontWeight: 600, flex: 1, minWidth: 0 }}>
                        {item.name}
                        {item.id === currentPlanId && (
                          <Typography
                            component="span"
                            variant="caption"
                            color="primary"
                            sx={{ ml: 1, whiteSpace: 'nowrap' }}
                          >
                            {t('checkout.plan.current')}
                          </Typography>
                        )}
                      </Typography>
                      <Typography sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
                        {t('checkout.plan.perMonth', { value: formatBrl(item.value, i18n.language) })}
                      </Typography>
                    </Stack>
                    <Typography variant="body2" color="text.secondary">
                      {t('checkout.plan.limits', item)}
                    </Typography>
                    {/* The whole card is the button; this says so where no pointer hovers (a phone). */}
                    <Stack
                      direction="row"
                      spacing={0.5}
                      aria-hidden
                      sx={{ mt: 1, justifyContent: 'flex-end', alignItems: 'center', color: 'primary.main' }}
                    >
                      <Typography variant="button">{t('checkout.plan.pick')}</Typography>
                      <ChevronRightIcon fontSize="small" />
                    </Stack>
                  </CardContent>
                </CardActionArea>
              </Card>
            ))}
        </Stack>
      );
    return (
      <Stack spacing={1} data-testid="checkout-review">
        <Row label={t('checkout.review.plan')} value={plan?.name ?? ''} />
        <Row label={t('checkout.review.value')} value={plan ? formatBrl(plan.value, i18n.language) : ''} />
        {dueDate && <Row label={t('checkout.review.dueDate')} value={formatDate(dueDate)} />}
        <Row label={t('checkout.review.method')} value={t('checkout.review.pix')} />
      </Stack>
    );
  };

  const next = () => {
    if (Object.keys(errors).length) return setShowErrors(true);
    setStep(1);
  };

  return (
    <Dialog open={open} onClose={isPaying ? undefined : onClose} fullWidth maxWidth="sm" fullScreen={isPhone}>
      <DialogTitle>{t('checkout.title')}</DialogTitle>
      <DialogContent dividers>
        {!payment && !invoice && (
          <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }}>
            {steps.map((name) => (
              <Step key={name}>
                <StepLabel>{t(`checkout.steps.${name}`)}</StepLabel>
              </Step>
            ))}
          </Stepper>
        )}
        {error && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="checkout-error">
            {error}
          </Alert>
        )}
        {body()}
      </DialogContent>
      <DialogActions>
        {!payment && !invoice && step > 0 && (
          <Button color="inherit" onClick={() => setStep(step - 1)} disabled={isPaying}>
            {t('checkout.back')}
          </Button>
        )}
        <Button color="inherit" onClick={onClose} disabled={isPaying} data-testid="checkout-close">
          {t('checkout.close')}
        </Button>
        {!payment && !invoice && step === 0 && (
          <Button variant="contained" onClick={next}>
            {t('checkout.next')}
          </Button>
        )}
        {!payment && !invoice && step === 2 && (
          <Button
            variant="contained"
            loading={isPaying}
            disabled={!plan}
            onClick={() => plan && pay({ planId: plan.id, ...payerFields() })}
            data-testid="checkout-pay"
          >
            {t('checkout.pay')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between' }}>
      <Typography color="text.secondary">{label}</Typography>
      <Typography sx={{ fontWeight: 500, textAlign: 'right' }}>{value}</Typography>
    </Stack>
  );
}
