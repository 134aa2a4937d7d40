import Popover from '@mui/material/Popover';
import Slider from '@mui/material/Slider';
import { useTranslation } from 'react-i18next';

interface VolumePopoverProps {
  anchor: HTMLElement | null;
  volume: number;
  onChange: (volume: number) => void;
  onClose: () => void;
}

/** The notification volume's slider, under the top bar's volume button. */
export function VolumePopover({ anchor, volume, onChange, onClose }: VolumePopoverProps) {
  const { t } = useTranslation('shell');
  return (
    <Popover
      open={anchor !== null}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      transformOrigin={{ vertical: 'top', horizontal: 'center' }}
      slotProps={{ paper: { sx: { px: 2.5, py: 1, width: 200 } } }}
    >
      <Slider
        value={volume}
        onChange={(_event, value) => onChange(Array.isArray(value) ? value[0] : value)}
        min={0}
        max={1}
        step={0.1}
        valueLabelDisplay="auto"
        valueLabelFormat={(value) => `${Math.round(value * 100)}%`}
        aria-label={t('topBar.volume')}
        data-testid="volume-slider"
      />
    </Popover>
  );
}
