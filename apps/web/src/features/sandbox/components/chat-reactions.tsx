import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { EMOJI_FONT_FAMILY } from '../../../components/ui/emoji-font.ts';
import type { SandboxMessage } from '../model/sandbox-chat.ts';

interface ChatReactionsProps {
  message: SandboxMessage;
  /** Removes the customer's own reaction (their chip is clicked). */
  onRemove: () => void;
}

/** The reactions under a line of the simulated phone: the customer's own and the company's. */
export function ChatReactions({ message, onRemove }: ChatReactionsProps) {
  const { t } = useTranslation('sandbox');
  const chips = [
    { who: 'customer', emoji: message.reaction ?? '', label: t('chat.yourReaction') },
    { who: 'company', emoji: message.companyReaction ?? '', label: t('chat.company') },
  ].filter((chip) => chip.emoji);
  if (chips.length === 0) return null;
  return (
    <Stack direction="row" spacing={0.5} sx={{ mt: -0.75, mx: 1, position: 'relative' }}>
      {chips.map((chip) => {
        const isOwn = chip.who === 'customer';
        const common = {
          'data-testid': `sandbox-reaction-${chip.who}`,
          'data-emoji': chip.emoji,
          sx: {
            display: 'inline-flex',
            alignItems: 'center',
            px: 0.75,
            height: 24,
            borderRadius: 3,
            fontSize: 14,
            fontFamily: EMOJI_FONT_FAMILY,
            bgcolor: 'background.paper',
            border: 1,
            borderColor: isOwn ? 'primary.main' : 'divider',
            boxShadow: '0 1px 1px rgba(0,0,0,0.12)',
          },
        };
        return (
          <Tooltip key={chip.who} title={isOwn ? `${chip.label} · ${t('chat.clickToRemove')}` : chip.label}>
            {isOwn ? (
              <ButtonBase onClick={onRemove} aria-label={`${chip.emoji} ${chip.label}`} {...common}>
                {chip.emoji}
              </ButtonBase>
            ) : (
              <Box component="span" role="img" aria-label={`${chip.emoji} ${chip.label}`} {...common}>
                {chip.emoji}
              </Box>
            )}
          </Tooltip>
        );
      })}
    </Stack>
  );
}
