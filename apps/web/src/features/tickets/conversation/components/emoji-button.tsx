import InsertEmoticonIcon from '@mui/icons-material/InsertEmoticon';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Popper from '@mui/material/Popper';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// Loaded on first open so the inbox bundle does not carry the picker and its data.
const EmojiPickerPanel = lazy(() => import('./emoji-picker-panel.tsx'));

export function EmojiButton({ disabled, onPick }: { disabled: boolean; onPick: (emoji: string) => void }) {
  const { t } = useTranslation('conversation');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
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
