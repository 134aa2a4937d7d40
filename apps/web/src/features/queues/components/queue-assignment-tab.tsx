import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { assignmentModes } from '@wacrm/shared/queues/queue.schema';
import { useRef } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { insertAtSelection } from '../../quick-messages/index.ts';
import { type QueueFormValues, translateQueueValidation } from '../model/queue-form.ts';

/** The waiting line's own variables (docs/decisions/fair-assignment.md), besides the message variables. */
const lineVariables = ['queuePosition', 'estimatedWait', 'firstName'] as const;

const toNumber = (value: unknown) => (value === '' || value === null ? undefined : Number(value));

/**
 * How the queue's pending tickets reach attendants: by hand (today's behaviour), in turns, or to
 * the least busy; and what an automatic queue tells a customer waiting in its line.
 */
export function QueueAssignmentTab() {
  const { t } = useTranslation('queues');
  const { register, control, watch, formState } = useFormContext<QueueFormValues>();
  const { errors } = formState;
  const isAutomatic = watch('assignmentMode') !== 'manual';
  const messageInput = useRef<HTMLTextAreaElement | null>(null);

  return (
    <Stack spacing={2.5} sx={{ pt: 1 }}>
      <Controller
        control={control}
        name="assignmentMode"
        render={({ field }) => (
          <TextField
            select
            label={t('assignment.mode')}
            value={field.value ?? 'manual'}
            onChange={field.onChange}
            helperText={t(`assignment.modeHint.${field.value ?? 'manual'}`)}
            slotProps={{ htmlInput: { 'data-testid': 'queue-assignment-mode' } }}
          >
            {assignmentModes.map((mode) => (
              <MenuItem key={mode} value={mode} data-testid={`queue-assignment-mode-${mode}`}>
                {t(`assignment.modes.${mode}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      {isAutomatic && (
        <>
          <Controller
            control={control}
            name="waitingMessage"
            render={({ field }) => (
              <Stack spacing={1}>
                <TextField
                  {...field}
                  value={field.value ?? ''}
                  inputRef={(element) => {
                    field.ref(element);
                    messageInput.current = element;
                  }}
                  label={t('assignment.waitingMessage')}
                  multiline
                  minRows={3}
                  maxRows={8}
                  fullWidth
                  error={!!errors.waitingMessage}
                  helperText={
                    translateQueueValidation(errors.waitingMessage?.message) ?? t('assignment.waitingMessageHint')
                  }
                  slotProps={{ htmlInput: { 'data-testid': 'queue-waiting-message' } }}
                />
                <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 0.75, px: 1.75 }}>
                  {lineVariables.map((name) => (
                    <Chip
                      key={name}
                      size="small"
                      variant="outlined"
                      color="primary"
                      label={t(`assignment.variables.${name}`)}
                      // Keeps the cursor in the message while the chip is pressed.
                      onMouseDown={(event) => event.preventDefault()}
                      onClick={() => {
                        const element = messageInput.current;
                        const next = insertAtSelection(
                          element?.value ?? field.value ?? '',
                          element?.selectionStart,
                          element?.selectionEnd,
                          `{{${name}}}`,
                        );
                        field.onChange(next.text);
                        requestAnimationFrame(() => element?.setSelectionRange(next.cursor, next.cursor));
                      }}
                      data-testid={`queue-waiting-variable-${name}`}
                    />
                  ))}
                </Stack>
              </Stack>
            )}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              {...register('waitingUpdateMinutes', { setValueAs: toNumber })}
              label={t('assignment.updateMinutes')}
              type="number"
              fullWidth
              error={!!errors.waitingUpdateMinutes}
              helperText={
                errors.waitingUpdateMinutes ? t('assignment.updateMinutesError') : t('assignment.updateMinutesHint')
              }
              slotProps={{ htmlInput: { 'data-testid': 'queue-waiting-update-minutes', min: 1, max: 1440 } }}
            />
            <TextField
              {...register('waitingUpdateMax', { setValueAs: toNumber })}
              label={t('assignment.updateMax')}
              type="number"
              fullWidth
              error={!!errors.waitingUpdateMax}
              helperText={errors.waitingUpdateMax ? t('assignment.updateMaxError') : t('assignment.updateMaxHint')}
              slotProps={{ htmlInput: { 'data-testid': 'queue-waiting-update-max', min: 0, max: 100 } }}
            />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {t('assignment.capacityNote')}
          </Typography>
        </>
      )}
    </Stack>
  );
}
