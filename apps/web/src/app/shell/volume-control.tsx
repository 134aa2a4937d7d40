import VolumeOffOutlined from '@mui/icons-material/VolumeOffOutlined';
import VolumeUpOutlined from '@mui/icons-material/VolumeUpOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyNamed, OnceOpened } from '../../components/ui/lazy-dialog.tsx';
import { storageKeys } from '../../lib/session-storage.ts';

// The slider (a sizeable part of MUI) loads when the volume is first opened.
const VolumePopover = lazyNamed(() => import('./volume-popover.tsx').then((module) => module.VolumePopover));

/** spec: notification volume kept locally, 0 to 1 in steps of 0.1, default 1. */
export function readVolume(): number {
  const saved = Number.parseFloat(localStorage.getItem(storageKeys.volume) ?? '');
  return Number.isFinite(saved) ? Math.min(1, Math.max(0, saved)) : 1;
}

export function VolumeControl() {
  const { t } = useTranslation('shell');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [volume, setVolume] = useState(readVolume);
  const handleChange = (next: number) => {
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
      <OnceOpened open={anchor !== null}>
        <VolumePopover anchor={anchor} volume={volume} onChange={handleChange} onClose={() => setAnchor(null)} />
      </OnceOpened>
    </>
  );
}
