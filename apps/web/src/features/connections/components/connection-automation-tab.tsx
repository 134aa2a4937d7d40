import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useQueuePickerOptions } from '../../../lib/lookups/use-lookups.ts';
import type { ConnectionFormValues } from '../model/connection-form.ts';
import { PickerField } from './picker-field.tsx';

type TimerField = 'expiresTicket' | 'timeUseBotQueues' | 'maxUseBotQueues' | 'timeToTransfer';

/** What the connection does by itself over time: the queue chatbot, waiting transfers, idle tickets. */
export function ConnectionAutomationTab({ isOpen }: { isOpen: boolean }) {
  const { t } = useTranslation('connections');
  const queues = useQueuePickerOptions(isOpen);
  return (
    <Stack spacing={3} sx={{ pt: 1 }}>
      <AutomationSection title={t('automation.chatbot')} hint={t('automation.chatbotHint')}>
        <TimerFields names={['timeUseBotQueues', 'maxUseBotQueues']} />
      </AutomationSection>
      <AutomationSection title={t('automation.transfer')} hint={t('automation.transferHint')}>
        <TimerFields names={['timeToTransfer']}>
          <PickerField
            name="transferQueueId"
            label={t('fields.transferQueueId')}
            options={queues.data}
            emptyHint={t('fields.noQueues')}
          />
        </TimerFields>
      </AutomationSection>
      <AutomationSection title={t('automation.inactivity')} hint={t('automation.inactivityHint')}>
        <TimerFields names={['expiresTicket']} />
      </AutomationSection>
    </Stack>
  );
}

function AutomationSection({ title, hint, children }: { title: string; hint: string; children: React.ReactNode }) {
  return (
    <Stack spacing={1.5} component="section">
      <div>
        <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {hint}
        </Typography>
      </div>
      {children}
    </Stack>
  );
}

/** Whole-minute (or count) fields, two a row from tablet width up. */
function TimerFields({ names, children }: { names: TimerField[]; children?: React.ReactNode }) {
  const { t } = useTranslation('connections');
  const { register, formState } = useFormContext<ConnectionFormValues>();
  return (
    <Stack sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, alignItems: 'start' }}>
      {names.map((name) => (
        <TextField
          key={name}
          {...register(name)}
          type="number"
          label={t(`fields.${name}`)}
          error={!!formState.errors[name]}
          helperText={formState.errors[name] ? t('fields.invalidNumber') : t(`fields.${name}Hint`)}
          slotProps={{ htmlInput: { min: 0, step: 1, inputMode: 'numeric', 'data-testid': `connection-${name}` } }}
        />
      ))}
      {children}
    </Stack>
  );
}
