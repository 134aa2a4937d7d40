import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A one-field dialog (a list's name), with room for more fields below it. */
export function NameDialog(props: {
  open: boolean;
  title: string;
  initial: string;
  error?: string | null;
  children?: ReactNode;
  onClose: () => void;
  onSave: (name: string) => void;
}) {
  const { t } = useTranslation('campaigns');
  const [name, setName] = useState(props.initial);
  useEffect(() => {
    if (props.open) setName(props.initial);
  }, [props.open, props.initial]);
  const tooShort = name.trim().length < 2;
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="xs">
      <DialogTitle>{props.title}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label={t('lists.name')}
          value={name}
          slotProps={{ htmlInput: { maxLength: 50, 'data-testid': 'list-name' } }}
          error={Boolean(props.error)}
          helperText={props.error ?? ' '}
          onChange={(event) => setName(event.target.value)}
        />
        {props.children}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('campaigns.cancel')}</Button>
        <Button
          variant="contained"
          disabled={tooShort}
          onClick={() => props.onSave(name.trim())}
          data-testid="list-save"
        >
          {t('campaigns.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
