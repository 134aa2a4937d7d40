import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type AiAssistFeature, aiAssistFeatures } from '@wacrm/shared/ai-assist/ai-assist';
import { integrationRoutes } from '@wacrm/shared/integrations/integration.routes';
import { type SettingKey, settingDefinitions } from '@wacrm/shared/settings/settings';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredSpinner } from '../../../components/ui/centered-spinner.tsx';
import { http } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { useSessionUser } from '../../auth/index.ts';
import { useSettings, useUpdateSetting } from '../../settings/index.ts';
import { aiAssistKeys } from '../api/ai-assist-api.ts';
import { useAssistStatus } from '../hooks/use-assist.ts';
import { AiAssistUsageTable } from './ai-assist-usage-table.tsx';

/** Settings › AI assist (admins): switches, model, the write-only key, the budget, and the month's usage. */
export function AiAssistSettingsTab() {
  const { t } = useTranslation('aiAssist');
  const { companyId } = useSessionUser();
  const queryClient = useQueryClient();
  const settings = useSettings(companyId);
  const update = useUpdateSetting(companyId);
  const status = useAssistStatus(companyId);
  const isPlanOff = status.data?.reason === 'plan';
  const prompts = useQuery({
    queryKey: ['prompts', companyId],
    queryFn: () => http.call(integrationRoutes.prompts, { silent: true }),
    enabled: status.data !== undefined && !isPlanOff,
  });
  const value = (key: SettingKey) =>
    settings.data?.find((setting) => setting.key === key)?.value ?? settingDefinitions[key].default;
  const [model, setModel] = useState('');
  const [budget, setBudget] = useState('');
  const [apiKey, setApiKey] = useState('');
  const loadedModel = value('aiAssistModel');
  const loadedBudget = value('aiAssistMonthlyTokens');
  useEffect(() => setModel(loadedModel), [loadedModel]);
  useEffect(() => setBudget(loadedBudget), [loadedBudget]);

  if (settings.isLoading || status.isLoading) return <CenteredSpinner />;

  const save = (key: SettingKey, next: string, onSaved?: () => void) =>
    update.mutate(
      { key, value: next },
      {
        onSuccess: () => {
          toast.success(t('settings.saved'));
          // The buttons in the tickets follow at once.
          void queryClient.invalidateQueries({ queryKey: aiAssistKeys.status(companyId) });
          onSaved?.();
        },
      },
    );
  const features = value('aiAssistFeatures').split(',').filter(Boolean);
  const toggleFeature = (feature: AiAssistFeature, isOn: boolean) => {
    const next = aiAssistFeatures.filter((name) => (name === feature ? isOn : features.includes(name)));
    save('aiAssistFeatures', next.join(','));
  };
  const storedKey = value('aiAssistApiKey');

  return (
    <Stack spacing={2} sx={{ maxWidth: 880 }} data-testid="ai-assist-settings">
      <div>
        <Typography variant="h6" component="h2">
          {t('settings.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('settings.intro')}
        </Typography>
      </div>
      {isPlanOff && <Alert severity="info">{t('settings.planOff')}</Alert>}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={2}>
          <FormControlLabel
            control={
              <Switch
                checked={value('aiAssistEnabled') === 'enabled'}
                disabled={isPlanOff}
                onChange={(event) => save('aiAssistEnabled', event.target.checked ? 'enabled' : 'disabled')}
                data-testid="ai-assist-enabled"
              />
            }
            label={t('settings.enabled')}
          />
          <div>
            <FormLabel component="legend">{t('settings.features')}</FormLabel>
            <FormGroup row>
              {aiAssistFeatures.map((feature) => (
                <FormControlLabel
                  key={feature}
                  control={
                    <Checkbox
                      checked={features.includes(feature)}
                      onChange={(event) => toggleFeature(feature, event.target.checked)}
                      data-testid={`ai-assist-feature-${feature}`}
                    />
                  }
                  label={t(`settings.feature.${feature}`)}
                />
              ))}
            </FormGroup>
          </div>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
            <TextField
              size="small"
              label={t('settings.model')}
              value={model}
              onChange={(event) => setModel(event.target.value)}
              sx={{ flex: 1 }}
              slotProps={{ htmlInput: { 'data-testid': 'ai-assist-model' } }}
            />
            <Button
              variant="outlined"
              disabled={!model.trim() || model === loadedModel}
              onClick={() => save('aiAssistModel', model.trim())}
            >
              {t('settings.save')}
            </Button>
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
            <TextField
              size="small"
              type="password"
              autoComplete="new-password"
              label={t('settings.apiKey')}
              value={apiKey}
              onChange={(event) => setApiKey(event.target.value)}
              helperText={storedKey ? t('settings.apiKeyStored', { masked: storedKey }) : t('settings.apiKeyNone')}
              sx={{ flex: 1 }}
              slotProps={{ htmlInput: { 'data-testid': 'ai-assist-key' } }}
            />
            <Button
              variant="outlined"
              disabled={!apiKey.trim()}
              onClick={() => save('aiAssistApiKey', apiKey.trim(), () => setApiKey(''))}
              data-testid="ai-assist-key-save"
            >
              {t('settings.saveKey')}
            </Button>
            {storedKey && (
              <Button color="error" onClick={() => save('aiAssistApiKey', '')}>
                {t('settings.clearKey')}
              </Button>
            )}
          </Stack>
          {(prompts.data?.prompts.length ?? 0) > 0 && (
            <TextField
              select
              size="small"
              label={t('settings.promptKey')}
              value={value('aiAssistKeyPromptId')}
              onChange={(event) => save('aiAssistKeyPromptId', event.target.value)}
            >
              <MenuItem value="">{t('settings.promptKeyNone')}</MenuItem>
              {prompts.data?.prompts.map((prompt) => (
                <MenuItem key={prompt.id} value={String(prompt.id)}>
                  {prompt.name}
                </MenuItem>
              ))}
            </TextField>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
            <TextField
              size="small"
              type="number"
              label={t('settings.monthlyTokens')}
              value={budget}
              onChange={(event) => setBudget(event.target.value)}
              sx={{ flex: 1 }}
              slotProps={{ htmlInput: { min: 0, 'data-testid': 'ai-assist-budget' } }}
            />
            <Button
              variant="outlined"
              disabled={!/^\d{1,10}$/.test(budget) || budget === loadedBudget}
              onClick={() => save('aiAssistMonthlyTokens', budget)}
            >
              {t('settings.save')}
            </Button>
          </Stack>
        </Stack>
      </Paper>
      <AiAssistUsageTable companyId={companyId} />
    </Stack>
  );
}
