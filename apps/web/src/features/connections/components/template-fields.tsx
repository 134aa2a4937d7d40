import SyncIcon from '@mui/icons-material/Sync';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { hasPermission } from '@wacrm/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format.ts';
import { useSessionUser } from '../../auth/index.ts';
import { templatesApi, templatesKeys } from '../api/templates-api.ts';
import { type TemplateChoice, templateKey, templatePlaceholders, templatePreview } from '../model/template-choice.ts';

const messageVariableNames = { firstName: '{{firstName}}', name: '{{name}}', protocol: '{{protocol}}' };

interface TemplateFieldsProps {
  whatsappId: number;
  value: TemplateChoice | null;
  onChange: (choice: TemplateChoice | null) => void;
  disabled?: boolean;
  /** Fills the message variables of a value for the preview, where one contact is known (a ticket). */
  fillVariables?: (value: string) => string;
  /** Which variables the values may use, where they are not the message variables (a campaign's). */
  variablesHint?: string;
}

/**
 * Picks one of a Cloud API connection's approved templates and fills its placeholders, with a
 * preview as the customer will read it. Values may use the message variables ({{firstName}}…),
 * filled by the server per contact. Those who may edit connections can synchronise from here.
 */
export function TemplateFields({
  whatsappId,
  value,
  onChange,
  disabled = false,
  fillVariables,
  variablesHint,
}: TemplateFieldsProps) {
  const { t } = useTranslation('connections');
  const user = useSessionUser();
  const canSync = hasPermission(user, 'connections-page:editOrDeleteConnection');
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: templatesKeys.list(whatsappId), queryFn: () => templatesApi.list(whatsappId) });
  const sync = useMutation({
    mutationFn: () => templatesApi.sync(whatsappId),
    onSuccess: (answer) => queryClient.setQueryData(templatesKeys.list(whatsappId), answer),
  });

  if (list.isPending) return <CircularProgress size={24} sx={{ alignSelf: 'center' }} />;
  const templates = list.data?.templates ?? [];
  const sendable = templates.filter((template) => template.sendable);
  const chosen = value ? templates.find((template) => templateKey(template) === templateKey(value)) : undefined;
  const placeholders = chosen ? templatePlaceholders(chosen) : [];
  const preview =
    chosen && value
      ? templatePreview(chosen, fillVariables ? value.variables.map(fillVariables) : value.variables)
      : null;

  const syncButton = canSync && (
    <Button
      size="small"
      startIcon={<SyncIcon />}
      loading={sync.isPending}
      onClick={() => sync.mutate()}
      disabled={disabled}
      data-testid="template-sync"
    >
      {t('templates.sync')}
    </Button>
  );
  const syncedAt = list.data?.syncedAt;

  return (
    <Stack spacing={2} data-testid="template-fields">
      {sendable.length === 0 ? (
        <Box data-testid="template-empty">
          <Typography variant="body2">
            {templates.length === 0 ? t('templates.none') : t('templates.noneSendable')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {canSync ? t('templates.syncHint') : t('templates.askAdmin')}
          </Typography>
        </Box>
      ) : (
        <TextField
          select
          label={t('templates.template')}
          value={chosen ? templateKey(chosen) : ''}
          disabled={disabled}
          onChange={(event) => {
            const next = sendable.find((template) => templateKey(template) === event.target.value);
            onChange(
              next
                ? {
                    name: next.name,
                    language: next.language,
                    variables: next.variableCount ? Array(next.variableCount).fill('') : [],
                  }
                : null,
            );
          }}
          slotProps={{ htmlInput: { 'data-testid': 'template-select' } }}
        >
          {sendable.map((template) => (
            <MenuItem key={templateKey(template)} value={templateKey(template)} data-testid="template-option">
              <Stack>
                <span>{template.name}</span>
                <Typography variant="caption" color="text.secondary">
                  {template.language} ·{' '}
                  {t(`templates.category.${template.category}`, { defaultValue: template.category })}
                </Typography>
              </Stack>
            </MenuItem>
          ))}
        </TextField>
      )}
      {value &&
        placeholders.map((placeholder, index) => (
          <TextField
            key={`${placeholder.part}-${placeholder.name}`}
            label={t(placeholder.part === 'header' ? 'templates.headerVariable' : 'templates.bodyVariable', {
              name: `{{${placeholder.name}}}`,
            })}
            value={value.variables[index] ?? ''}
            disabled={disabled}
            required
            onChange={(event) => {
              const variables = [...value.variables];
              variables[index] = event.target.value;
              onChange({ ...value, variables });
            }}
            // The hint names the message variables themselves: passed as values, never interpolated away.
            helperText={index === 0 ? (variablesHint ?? t('templates.variablesHint', messageVariableNames)) : undefined}
            slotProps={{ htmlInput: { 'data-testid': 'template-variable' } }}
          />
        ))}
      {preview && (
        <Box
          sx={{ p: 1.5, borderRadius: 2, bgcolor: 'action.hover', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
          data-testid="template-preview"
        >
          {preview.header && (
            <Typography variant="subtitle2" gutterBottom>
              {preview.header}
            </Typography>
          )}
          <Typography variant="body2">{preview.body}</Typography>
          {preview.footer && (
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
              {preview.footer}
            </Typography>
          )}
          {chosen && chosen.buttons.length > 0 && (
            <Typography variant="caption" color="primary" component="p" sx={{ mt: 1 }}>
              {chosen.buttons.join(' · ')}
            </Typography>
          )}
        </Box>
      )}
      {(syncButton || syncedAt) && (
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <Typography variant="caption" color="text.secondary">
            {syncedAt ? t('templates.syncedAt', { when: formatDateTime(syncedAt) }) : t('templates.neverSynced')}
          </Typography>
          {syncButton}
        </Stack>
      )}
    </Stack>
  );
}
