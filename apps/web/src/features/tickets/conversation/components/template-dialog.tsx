import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQueryClient } from '@tanstack/react-query';
import type { WhatsappTemplateList } from '@wacrm/shared/cloud-api/template.schema';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isChoiceComplete, type TemplateChoice, TemplateFields, templatesKeys } from '../../../connections/index.ts';

interface TemplateDialogProps {
  open: boolean;
  whatsappId: number;
  /** Whether the 24-hour window is closed: the dialog then says why only a template can go. */
  isWindowClosed: boolean;
  isSending: boolean;
  /** The ticket's message variables ({{firstName}}…), for the preview. */
  fillVariables: (value: string) => string;
  onSend: (choice: TemplateChoice) => Promise<boolean>;
  onClose: () => void;
}

/** Sends one of the connection's approved templates (Cloud API), its placeholders filled in. */
export function TemplateDialog({
  open,
  whatsappId,
  isWindowClosed,
  isSending,
  fillVariables,
  onSend,
  onClose,
}: TemplateDialogProps) {
  const { t } = useTranslation(['conversation', 'common']);
  const isPhone = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const [choice, setChoice] = useState<TemplateChoice | null>(null);
  const queryClient = useQueryClient();
  const list = queryClient.getQueryData<WhatsappTemplateList>(templatesKeys.list(whatsappId));
  const chosen = list?.templates.find((item) => item.name === choice?.name && item.language === choice?.language);
  const isComplete = isChoiceComplete(choice, chosen);

  const close = () => {
    setChoice(null);
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" fullScreen={isPhone} data-testid="template-dialog">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!choice || !isComplete) return;
          void onSend(choice).then((sent) => sent && close());
        }}
      >
        <DialogTitle>{t('template.title')}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {isWindowClosed ? t('template.windowClosed') : t('template.intro')}
          </Typography>
          <TemplateFields
            whatsappId={whatsappId}
            value={choice}
            onChange={setChoice}
            disabled={isSending}
            fillVariables={fillVariables}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} color="inherit" disabled={isSending}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            loading={isSending}
            disabled={!isComplete}
            data-testid="template-send"
          >
            {t('template.send')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
