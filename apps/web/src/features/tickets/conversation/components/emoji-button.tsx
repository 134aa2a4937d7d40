import InsertEmoticonIcon from '@mui/icons-material/InsertEmoticon';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Popper from '@mui/material/Popper';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

// Loaded on first open so the inbox bundle does not carry the picker and its data.
const EmojiPickerPanel = lazy(() => import('./emoji-picker-panel.tsx'));

interface EmojiButtonProps {
  disabled: boolean;
  /** Closes the picker, e.g. while the attachments dialog is open: it would stay behind it. */
  isSuppressed?: boolean;
  onPick: (emoji: string) => void;
}

export function EmojiButton({ disabled, isSuppressed = false, onPick }: EmojiButtonProps) {
  const { t } = useTranslation('conversation');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (isSuppressed || disabled) setAnchor(null);
  }, [isSuppressed, disabled]);
  return (
    <>
      <IconButton
        aria-label={t('composer.emoji')}
        disabled={disabled}
        onClick={(event) => setAnchor(anchor ? null : event.currentTarget)}
        data-testid="composer-emoji"
      >
        <InsertEmoticonIcon />
      </IconButton>
      <Popper open={Boolean(anchor)} anchorEl={anchor} placement="top-start" sx={{ zIndex: 1300 }}>
        <Suspense fallback={<CircularProgress size={24} />}>
          <EmojiPickerPanel onPick={onPick} onClickOutside={() => setAnchor(null)} />
        </Suspense>
      </Popper>
    </>
  );
}
