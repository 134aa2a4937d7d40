import ContentCopy from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SubscriptionAnswer } from '@wacrm/shared/billing/invoice.schema';
import { useTranslation } from 'react-i18next';
import { QrCodeView } from '../../../components/ui/qr-code-view.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { formatBrl } from '../../plans/index.ts';

/**
 * The Pix screen: the QR code (drawn from the copy-and-paste code, which is what it encodes, so it
 * is always sharp and dark on white), the code with a copy button, the amount and the expiry.
 */
export function PixPayment({ payment }: { payment: SubscriptionAnswer }) {
  const { t, i18n } = useTranslation('subscription');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(payment.qrcode.qrcode);
      toast.success(t('checkout.pix.copied'));
    } catch {
      // No clipboard permission: the field stays selectable by hand.
    }
  };
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center' }} data-testid="pix-payment">
      <Typography variant="h6" component="h2">
        {t('checkout.pix.title')}
      </Typography>
      <Typography color="text.secondary">{t('checkout.pix.scan')}</Typography>
      <Box sx={{ p: 1, bgcolor: '#fff', borderRadius: 2, border: 1, borderColor: 'divider' }}>
        <QrCodeView value={payment.qrcode.qrcode} size={196} label={t('checkout.pix.qrLabel')} />
      </Box>
      <Typography variant="h5" component="p" data-testid="pix-amount">
        {formatBrl(Number(payment.valor.original), i18n.language)}
      </Typography>
      <Typography variant="body2" color="text.secondary" data-testid="pix-expiry">
        {t('checkout.pix.expires', { time: formatDateTime(payment.expiresAt) })}
      </Typography>
      <TextField
        label={t('checkout.pix.code')}
        value={payment.qrcode.qrcode}
        fullWidth
        multiline
        maxRows={2}
        slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'pix-code' } }}
      />
      <Button variant="contained" startIcon={<ContentCopy />} onClick={copy} data-testid="pix-copy">
        {t('checkout.pix.copy')}
      </Button>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary' }}>
        <CircularProgress size={16} color="inherit" />
        <Typography variant="body2">{t('checkout.pix.waiting')}</Typography>
      </Stack>
    </Stack>
  );
}
