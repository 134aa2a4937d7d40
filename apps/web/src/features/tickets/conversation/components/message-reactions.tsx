import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Stack from '@mui/material/Stack';
import { alpha, type SxProps, type Theme } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { MessageReaction } from '@wacrm/shared/messages/message.schema';
import { useTranslation } from 'react-i18next';
import { EMOJI_FONT_FAMILY } from '../../../../components/ui/emoji-font.ts';
import { groupReactions } from '../model/reactions.ts';

interface MessageReactionsProps {
  reactions: readonly MessageReaction[];
  /** Names a customer's reaction that comes without one. */
  contactName: string;
  /** The company's own chip can be clicked to remove the reaction (not in the read-only peek). */
  onRemoveOurs?: () => void;
}

/** A chip's look: a small pill over the bubble's edge; the company's own tinted and outlined. */
const chipSx =
  (isOurs: boolean, canRemove: boolean): SxProps<Theme> =>
  (theme) => ({
    display: 'inline-flex',
    alignItems: 'center',
    gap: 0.5,
    px: 0.75,
    height: 24,
    borderRadius: 3,
    fontSize: 14,
    cursor: canRemove ? 'pointer' : 'default',
    border: 1,
    borderColor: isOurs ? 'primary.main' : 'divider',
    boxShadow: '0 1px 1px rgba(0,0,0,0.12)',
    bgcolor: 'background.paper',
    // A tint over the paper, not a see-through colour: the chip overlaps the bubble's edge.
    backgroundImage: isOurs
      ? `linear-gradient(${alpha(theme.palette.primary.main, 0.16)}, ${alpha(theme.palette.primary.main, 0.16)})`
      : 'none',
  });

/** The emoji chips under a message, each with who reacted in its tooltip; ours is highlighted. */
export function MessageReactions({ reactions, contactName, onRemoveOurs }: MessageReactionsProps) {
  const { t } = useTranslation('conversation');
  const groups = groupReactions(reactions, { contactName, companyName: t('reactions.company') });
  if (groups.length === 0) return null;
  return (
    <Stack
      direction="row"
      useFlexGap
      sx={{ flexWrap: 'wrap', gap: 0.5, mt: -0.75, mx: 1, position: 'relative', zIndex: 1 }}
      data-testid="message-reactions"
    >
      {groups.map((group) => {
        const canRemove = group.hasOurs && Boolean(onRemoveOurs);
        const title = (
          <>
            {group.names.join(', ')}
            {canRemove && (
              <Typography variant="caption" component="div" sx={{ opacity: 0.8 }}>
                {t('reactions.clickToRemove')}
              </Typography>
            )}
          </>
        );
        const label = `${group.emoji} ${group.names.join(', ')}`;
        const common = {
          'data-testid': 'reaction-chip',
          'data-emoji': group.emoji,
          'data-ours': group.hasOurs,
          sx: chipSx(group.hasOurs, canRemove),
        };
        const content = (
          <>
            <Box component="span" aria-hidden sx={{ fontFamily: EMOJI_FONT_FAMILY }}>
              {group.emoji}
            </Box>
            {group.count > 1 && (
              <Typography variant="caption" component="span" sx={{ fontWeight: 600 }} aria-hidden>
                {group.count}
              </Typography>
            )}
          </>
        );
        return (
          <Tooltip key={group.emoji} title={title}>
            {canRemove ? (
              <ButtonBase onClick={onRemoveOurs} aria-label={label} {...common}>
                {content}
              </ButtonBase>
            ) : (
              <Box component="span" role="img" aria-label={label} {...common}>
                {content}
              </Box>
            )}
          </Tooltip>
        );
      })}
    </Stack>
  );
}
