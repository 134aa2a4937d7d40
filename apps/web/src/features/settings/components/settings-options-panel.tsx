import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isListedSetting, type SettingKey, settingDefinitions, settingKeys } from '@wacrm/shared/settings/settings';
import { useTranslation } from 'react-i18next';
import { CenteredSpinner } from '../../../components/ui/centered-spinner.tsx';
import { toast } from '../../../lib/toast.ts';
import { type SettingsScope, useSettings, useUpdateSetting } from '../hooks/use-settings.ts';
import { settingValue } from '../model/settings-list.ts';

interface SettingsOptionsPanelProps {
  companyId: number;
  scope?: SettingsScope;
  /** Keys edited elsewhere on the same screen (the companies form has its own campaigns switch). */
  hiddenKeys?: readonly SettingKey[];
  /** At most two columns, for a dialog. */
  isCompact?: boolean;
}

/** Every company setting of the spec with its allowed values; a change is saved at once. */
export function SettingsOptionsPanel({
  companyId,
  scope = 'own',
  hiddenKeys = [],
  isCompact,
}: SettingsOptionsPanelProps) {
  const { t } = useTranslation('settings');
  const settings = useSettings(companyId, true, scope);
  const update = useUpdateSetting(companyId, scope);

  if (settings.isLoading) return <CenteredSpinner />;
  if (settings.isError) return <Alert severity="error">{t('loadError')}</Alert>;

  const handleChange = (key: SettingKey, value: string) => {
    update.mutate(
      { key, value },
      // Failures are toasted by the http client and the old value comes back.
      { onSuccess: () => toast.success(t('saved')) },
    );
  };

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: isCompact
          ? { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }
          : { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' },
      }}
      data-testid="settings-options"
    >
      {settingKeys
        .filter((key) => isListedSetting(key) && !hiddenKeys.includes(key))
        .map((key) => {
          const values: readonly string[] = settingDefinitions[key].values;
          const value = settingValue(settings.data, key) ?? settingDefinitions[key].default;
          return (
            <Paper key={key} variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
              <Box sx={{ flex: 1 }}>
                <Typography variant="subtitle2" component="h3">
                  {t(`options.${key}.label`)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t(`options.${key}.help`)}
                </Typography>
              </Box>
              <TextField
                select
                size="small"
                fullWidth
                value={value}
                onChange={(event) => handleChange(key, event.target.value)}
                disabled={values.length < 2}
                slotProps={{
                  htmlInput: { 'aria-label': t(`options.${key}.label`) },
                  select: { SelectDisplayProps: { 'data-testid': `setting-${key}` } as object },
                }}
              >
                {values.map((option) => (
                  <MenuItem key={option} value={option} data-testid={`setting-${key}-${option}`}>
                    {t(`values.${key}.${option}`, {
                      defaultValue: t(`values.common.${option}`, { defaultValue: option.replaceAll('_', ' ') }),
                    })}
                  </MenuItem>
                ))}
              </TextField>
            </Paper>
          );
        })}
    </Box>
  );
}
