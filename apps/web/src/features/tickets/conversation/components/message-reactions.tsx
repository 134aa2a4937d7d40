import ButtonBase from '@mui/material/ButtonBase';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { MessageReaction } from '@wacrm/shared/messages/message.schema';
import { useTranslation } from 'react-i18next';
import { groupReactions } from '../model/reactions.ts';

interface MessageReactionsProps {
  reactions: readonly MessageReaction[];
  /** Names a customer's reaction that comes without one. */
  contactName: string;
  /** The company's own chip can be clicked to remove the reaction (not in the read-only peek). */
  onRemoveOurs?: () => void;
}

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
        return (
          <Tooltip key={group.emoji} title={title}>
            <ButtonBase
              component={canRemove ? 'button' : 'span'}
              onClick={canRemove ? onRemoveOurs : undefined}
              aria-label={`${group.emoji} ${group.names.join(', ')}`}
              data-testid="reaction-chip"
              data-emoji={group.emoji}
              data-ours={group.hasOurs}
              sx={(theme) => ({
                gap: 0.5,
                px: 0.75,
                height: 24,
                borderRadius: 3,
                fontSize: 14,
                cursor: canRemove ? 'pointer' : 'default',
                bgcolor: 'background.paper',
                border: 1,
                borderColor: group.hasOurs ? 'primary.main' : 'divider',
                boxShadow: '0 1px 1px rgba(0,0,0,0.12)',
                ...(group.hasOurs && {
                  bgcolor: alpha(theme.palette.primary.main, theme.palette.mode === 'dark' ? 0.25 : 0.12),
                }),
              })}
            >
              <span aria-hidden>{group.emoji}</span>
              {group.count > 1 && (
                <Typography variant="caption" component="span" sx={{ fontWeight: 600 }} aria-hidden>
                  {group.count}
                </Typography>
              )}
            </ButtonBase>
          </Tooltip>
        );
      })}
    </Stack>
  );
}
