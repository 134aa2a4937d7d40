import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type SandboxCustomer, toDigits } from '../model/sandbox-chat.ts';

interface AddCustomerDialogProps {
  open: boolean;
  onClose: () => void;
  onAdd: (customer: SandboxCustomer) => void;
}

/** A random Brazilian mobile number, so trying the sandbox needs no typing. */
const suggestNumber = () => `55119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

export function AddCustomerDialog({ open, onClose, onAdd }: AddCustomerDialogProps) {
  const { t } = useTranslation(['sandbox', 'common']);
  const [number, setNumber] = useState('');
  const [name, setName] = useState('');
  const [isTouched, setIsTouched] = useState(false);

  useEffect(() => {
    if (!open) return;
    setNumber(suggestNumber());
    setName('');
    setIsTouched(false);
  }, [open]);

  // The server accepts a number with at least 5 digits (sandbox inbound schema).
  const isNumberValid = toDigits(number).length >= 5 && toDigits(number).length <= 20;
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setIsTouched(true);
    if (!isNumberValid) return;
    onAdd({ number, name: name.trim() || toDigits(number) });
    onClose();
  };

  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth>
      <form noValidate onSubmit={handleSubmit} data-testid="sandbox-customer-form">
        <DialogTitle>{t('customers.addTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t('customers.number')}
              value={number}
              onChange={(event) => setNumber(event.target.value)}
              required
              error={isTouched && !isNumberValid}
              helperText={isTouched && !isNumberValid ? t('customers.invalidNumber') : t('customers.numberHint')}
              slotProps={{ htmlInput: { inputMode: 'tel', maxLength: 30, 'data-testid': 'sandbox-customer-number' } }}
            />
            <TextField
              label={t('customers.name')}
              value={name}
              onChange={(event) => setName(event.target.value)}
              autoFocus
              helperText={t('customers.nameHint')}
              slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'sandbox-customer-name' } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} color="inherit">
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" data-testid="sandbox-customer-save">
            {t('customers.addButton')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
