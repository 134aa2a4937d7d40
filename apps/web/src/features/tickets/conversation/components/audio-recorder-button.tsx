import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import MicIcon from '@mui/icons-material/Mic';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../../lib/toast.ts';
import { useAudioRecorder } from '../hooks/use-audio-recorder.ts';

/** Records a voice note; a recording under 10,000 bytes is dropped with a notice (spec §5). */
export function AudioRecorderButton({ disabled, onRecorded }: { disabled: boolean; onRecorded: (file: File) => void }) {
  const { t } = useTranslation('conversation');
  const recorder = useAudioRecorder();
  if (!recorder.isSupported) return null;

  const handleStart = () =>
    recorder.start().catch(() => {
      toast.error(t('composer.microphoneDenied'));
    });
  const handleStop = async () => {
    const result = await recorder.stop();
    if (result.kind === 'tooShort') toast.info(t('composer.recordingTooShort'));
    if (result.kind === 'recorded') onRecorded(result.file);
  };

  if (!recorder.isRecording) {
    return (
      <IconButton
        aria-label={t('composer.record')}
        disabled={disabled}
        onClick={handleStart}
        data-testid="composer-record"
      >
        <MicIcon />
      </IconButton>
    );
  }
  const minutes = Math.floor(recorder.seconds / 60);
  const seconds = String(recorder.seconds % 60).padStart(2, '0');
  return (
    <Stack direction="row" sx={{ alignItems: 'center' }} data-testid="composer-recording">
      <IconButton aria-label={t('composer.cancelRecording')} onClick={() => void recorder.cancel()} color="error">
        <CancelIcon />
      </IconButton>
      <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', minWidth: 36 }} aria-live="polite">
        {minutes}:{seconds}
      </Typography>
      <IconButton aria-label={t('composer.sendRecording')} onClick={handleStop} color="primary">
        <CheckCircleIcon />
      </IconButton>
    </Stack>
  );
}
