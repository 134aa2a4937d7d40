import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { templateVariables } from '@wacrm/shared/messages/message-variables';
import { useTranslation } from 'react-i18next';

type TemplateVariable = (typeof templateVariables)[number];

interface TemplateVariableChipsProps {
  /** Receives the placeholder to insert, e.g. "{{firstName}}". */
  onInsert: (placeholder: string) => void;
}

/** The message variables as chips named in the user's language; a click inserts one at the cursor. */
export function TemplateVariableChips({ onInsert }: TemplateVariableChipsProps) {
  const { t } = useTranslation('quickMessages');
  return (
    <Stack spacing={0.75} sx={{ px: 1.75 }}>
      <Typography variant="caption" color="text.secondary" id="template-variables-label">
        {t('variables.title')}
      </Typography>
      <Stack
        direction="row"
        useFlexGap
        role="group"
        aria-labelledby="template-variables-label"
        sx={{ flexWrap: 'wrap', gap: 0.75 }}
      >
        {templateVariables.map((name: TemplateVariable) => {
          const placeholder = `{{${name}}}`;
          return (
            <Tooltip key={name} title={t('variables.inserts', { placeholder })}>
              <Chip
                size="small"
                variant="outlined"
                color="primary"
                label={t(`variables.${name}`)}
                onClick={() => onInsert(placeholder)}
                // Keeps the focus (and the cursor) in the message while the chip is pressed.
                onMouseDown={(event) => event.preventDefault()}
                data-testid={`quick-message-variable-${name}`}
              />
            </Tooltip>
          );
        })}
      </Stack>
    </Stack>
  );
}
