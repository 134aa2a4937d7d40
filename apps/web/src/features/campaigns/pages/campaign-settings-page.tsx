import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CampaignSettings,
  LONGER_INTERVAL_OPTIONS,
  MESSAGE_INTERVAL_OPTIONS,
} from '@wacrm/shared/campaigns/campaign.schema';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast.ts';
import { campaignsApi } from '../api/campaigns-api.ts';

/** spec: Campaign settings page: interval selectors and the custom variables table. */
export function CampaignSettingsPage() {
  const { t } = useTranslation('campaigns');
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: ['campaign-settings'], queryFn: campaignsApi.settings });
  const [draft, setDraft] = useState<CampaignSettings | null>(null);
  const [variable, setVariable] = useState({ key: '', value: '' });
  const [optOut, setOptOut] = useState('');
  useEffect(() => {
    if (settings.data) {
      setDraft(settings.data);
      setOptOut(settings.data.optOutKeywords.join(', '));
    }
  }, [settings.data]);
  if (!draft) return null;

  const seconds = (value: number) => (value === 0 ? t('settings.none') : t('settings.seconds', { count: value }));
  const select = (field: 'messageInterval' | 'longerIntervalAfter' | 'greaterInterval', options: readonly number[]) => (
    <TextField
      select
      label={t(`settings.${field}`)}
      value={draft[field]}
      onChange={(event) => setDraft({ ...draft, [field]: Number(event.target.value) })}
      sx={{ minWidth: 220 }}
      slotProps={{ htmlInput: { 'data-testid': `settings-${field}` } }}
    >
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {field === 'longerIntervalAfter' ? option : seconds(option)}
        </MenuItem>
      ))}
    </TextField>
  );
  const keyTaken = draft.variables.some((item) => item.key === variable.key.trim());

  const save = async () => {
    const optOutKeywords = optOut
      .split(',')
      .map((word) => word.trim())
      .filter(Boolean);
    await campaignsApi.saveSettings({ ...draft, optOutKeywords });
    toast.success(t('settings.saved'));
    void queryClient.invalidateQueries({ queryKey: ['campaign-settings'] });
  };

  return (
    <Stack spacing={2} data-testid="campaign-settings-page">
      <Typography variant="h5" component="h1">
        {t('settings.title')}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          {select('messageInterval', MESSAGE_INTERVAL_OPTIONS)}
          {select('longerIntervalAfter', LONGER_INTERVAL_OPTIONS)}
          {select('greaterInterval', LONGER_INTERVAL_OPTIONS)}
        </Stack>
        <TextField
          fullWidth
          margin="normal"
          label={t('settings.optOut')}
          value={optOut}
          onChange={(event) => setOptOut(event.target.value)}
        />
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('settings.variables')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 1 }}>
          <TextField
            size="small"
            label={t('settings.key')}
            value={variable.key}
            error={keyTaken}
            helperText={keyTaken ? t('settings.keyTaken') : ' '}
            onChange={(event) => setVariable({ ...variable, key: event.target.value.replace(/[^\w-]/g, '') })}
          />
          <TextField
            size="small"
            label={t('settings.value')}
            value={variable.value}
            helperText=" "
            onChange={(event) => setVariable({ ...variable, value: event.target.value })}
            sx={{ flex: 1 }}
          />
          <Button
            disabled={!variable.key.trim() || keyTaken}
            onClick={() => {
              setDraft({
                ...draft,
                variables: [...draft.variables, { key: variable.key.trim(), value: variable.value }],
              });
              setVariable({ key: '', value: '' });
            }}
          >
            {t('settings.addVariable')}
          </Button>
        </Stack>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('settings.key')}</TableCell>
              <TableCell>{t('settings.value')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {draft.variables.map((item) => (
              <TableRow key={item.key}>
                <TableCell>{`{{${item.key}}}`}</TableCell>
                <TableCell>{item.value}</TableCell>
                <TableCell align="right">
                  <Button
                    size="small"
                    color="error"
                    onClick={() =>
                      setDraft({ ...draft, variables: draft.variables.filter((other) => other.key !== item.key) })
                    }
                  >
                    {t('lists.delete')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button variant="contained" onClick={save} data-testid="settings-save">
          {t('settings.save')}
        </Button>
      </Stack>
    </Stack>
  );
}
