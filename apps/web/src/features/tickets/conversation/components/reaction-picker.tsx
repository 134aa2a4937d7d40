import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EMOJI_FONT_FAMILY } from '../../../../components/ui/emoji-font.ts';
import { useEmojiUsage } from '../hooks/use-emoji-usage.ts';

// The full picker and its data load only when "more" is pressed, as the composer's does.
const EmojiPickerPanel = lazy(() => import('./emoji-picker-panel.tsx'));

interface ReactionPickerProps {
  anchorEl: HTMLElement | null;
  /** The reaction already given from this side ('' when none): shown selected; picking it again removes it. */
  current: string;
  /** Whose most-used list to keep (the sandbox's customer keeps their own). */
  usageKey?: string;
  onPick: (emoji: string) => void;
  onClose: () => void;
}

/** The reaction bar: the most used emojis first, and the whole emoji picker one press away. */
export function ReactionPicker({ anchorEl, current, usageKey, onPick, onClose }: ReactionPickerProps) {
  const [isFullPicker, setFullPicker] = useState(false);
  const handleClose = () => {
    setFullPicker(false);
    onClose();
  };
  return (
    <Popover
      open={Boolean(anchorEl)}
      anchorEl={anchorEl}
      onClose={handleClose}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      transformOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      slotProps={{ paper: { sx: { borderRadius: isFullPicker ? 2 : 6, mt: -0.5 } } }}
    >
      {anchorEl && (
        <ReactionBar
          current={current}
          usageKey={usageKey}
          isFullPicker={isFullPicker}
          onMore={() => setFullPicker((value) => !value)}
          onPick={(emoji) => {
            setFullPicker(false);
            onPick(emoji);
          }}
        />
      )}
    </Popover>
  );
}

interface ReactionBarProps {
  current: string;
  usageKey?: string;
  isFullPicker: boolean;
  onMore: () => void;
  onPick: (emoji: string) => void;
}

/** Mounted only while the popover is open, so each opening reads the latest most-used list. */
function ReactionBar({ current, usageKey, isFullPicker, onMore, onPick }: ReactionBarProps) {
  const { t } = useTranslation('conversation');
  const { emojis, recordUse } = useEmojiUsage(usageKey);
  const handlePick = (emoji: string) => {
    // Removing a reaction is not a use of its emoji.
    if (emoji !== current) recordUse(emoji);
    onPick(emoji);
  };
  const quick = current && !emojis.includes(current) ? [current, ...emojis.slice(0, -1)] : emojis;
  return (
    <Box data-testid="reaction-picker">
      <Stack direction="row" spacing={0.25} sx={{ alignItems: 'center', px: 0.75, py: 0.5 }}>
        {quick.map((emoji) => {
          const isCurrent = emoji === current;
          return (
            <Tooltip key={emoji} title={isCurrent ? t('reactions.remove') : ''}>
              <ButtonBase
                onClick={() => handlePick(emoji)}
                aria-label={isCurrent ? `${emoji} · ${t('reactions.remove')}` : emoji}
                aria-pressed={isCurrent}
                data-testid="reaction-option"
                data-emoji={emoji}
                sx={{
                  width: 40,
                  height: 40,
                  borderRadius: '50%',
                  fontSize: 24,
                  fontFamily: EMOJI_FONT_FAMILY,
                  lineHeight: 1,
                  bgcolor: isCurrent ? 'action.selected' : undefined,
                  transition: 'transform .1s',
                  '&:hover, &:focus-visible': { bgcolor: 'action.hover', transform: 'scale(1.15)' },
                }}
              >
                {emoji}
              </ButtonBase>
            </Tooltip>
          );
        })}
        <Tooltip title={t('reactions.more')}>
          <IconButton
            onClick={onMore}
            aria-label={t('reactions.more')}
            aria-expanded={isFullPicker}
            data-testid="reaction-more"
            size="small"
            sx={{ bgcolor: 'action.hover', ml: 0.5 }}
          >
            <AddIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
      {isFullPicker && (
        <>
          <Divider />
          <Suspense
            fallback={
              <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
                <CircularProgress size={24} />
              </Box>
            }
          >
            {/* The popover closes on clicks outside it; the picker's own outside-click is not needed. */}
            <EmojiPickerPanel onPick={handlePick} onClickOutside={() => undefined} />
          </Suspense>
        </>
      )}
    </Box>
  );
}
