import VolumeOffOutlined from '@mui/icons-material/VolumeOffOutlined';
import VolumeUpOutlined from '@mui/icons-material/VolumeUpOutlined';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Slider from '@mui/material/Slider';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { storageKeys } from '../../lib/session-storage.ts';

/** spec: notification volume kept locally, 0 to 1 in steps of 0.1, default 1. */
export function readVolume(): number {
  const saved = Number.parseFloat(localStorage.getItem(storageKeys.volume) ?? '');
  return Number.isFinite(saved) ? Math.min(1, Math.max(0, saved)) : 1;
}

export function VolumeControl() {
  const { t } = useTranslation('shell');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [volume, setVolume] = useState(readVolume);
  const handleChange = (_event: Event, value: number | number[]) => {
    const next = Array.isArray(value) ? value[0] : value;
    setVolume(next);
    localStorage.setItem(storageKeys.volume, String(next));
  };
  return (
    <>
      <Tooltip title={t('topBar.volume')}>
        <IconButton color="inherit" onClick={(event) => setAnchor(event.currentTarget)} aria-label={t('topBar.volume')}>
          {volume === 0 ? <VolumeOffOutlined /> : <VolumeUpOutlined />}
        </IconButton>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        transformOrigin={{ vertical: 'top', horizontal: 'center' }}
        slotProps={{ paper: { sx: { px: 2.5, py: 1, width: 200 } } }}
      >
        <Slider
          value={volume}
          onChange={handleChange}
          min={0}
          max={1}
          step={0.1}
          valueLabelDisplay="auto"
          valueLabelFormat={(value) => `${Math.round(value * 100)}%`}
          aria-label={t('topBar.volume')}
          data-testid="volume-slider"
        />
      </Popover>
    </>
  );
}
