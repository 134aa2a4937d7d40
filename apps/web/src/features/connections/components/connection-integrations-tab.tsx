import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useIntegrationOptions, usePromptOptions } from '../hooks/use-pickers.ts';
import { PickerField } from './picker-field.tsx';

/** The AI prompt or the integration that answers this connection's tickets first. */
export function ConnectionIntegrationsTab() {
  const { t } = useTranslation('connections');
  const prompts = usePromptOptions();
  const integrations = useIntegrationOptions();
  return (
    <Stack spacing={2.5} sx={{ pt: 1 }}>
      <Alert severity="info" variant="outlined">
        {t('fields.integrationsNote')}
      </Alert>
      <PickerField
        name="promptId"
        label={t('fields.promptId')}
        options={prompts.data}
        emptyHint={t('fields.noPrompts')}
      />
      <PickerField
        name="integrationId"
        label={t('fields.integrationId')}
        options={integrations.data}
        emptyHint={t('fields.noIntegrations')}
      />
    </Stack>
  );
}
