import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import MicIcon from '@mui/icons-material/Mic';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { SandboxMessage } from '../model/sandbox-chat.ts';

function VoiceNote({ url }: { url: string | null }) {
  const { t } = useTranslation('sandbox');
  return (
    <Stack spacing={0.5} sx={{ mb: 0.5 }} data-testid="sandbox-voice-note">
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'text.secondary' }}>
        <MicIcon fontSize="small" color="success" />
        <Typography variant="caption">{t('chat.voiceNote')}</Typography>
      </Stack>
      {url && (
        <Box
          component="audio"
          controls
          preload="none"
          src={url}
          // Native controls follow the page's colour scheme only when told.
          sx={(theme) => ({ width: { xs: 210, sm: 260 }, height: 36, colorScheme: theme.palette.mode })}
        />
      )}
    </Stack>
  );
}

/** A file the customer or the company sent: an image shows, a voice note plays, others link. */
export function MediaPreview({ media }: { media: NonNullable<SandboxMessage['media']> }) {
  if (media.voiceNote) return <VoiceNote url={media.url} />;
  if (media.url && media.mimetype.startsWith('image/')) {
    return (
      <Box
        component="img"
        src={media.url}
        alt={media.filename}
        sx={{ display: 'block', maxWidth: 250, maxHeight: 200, borderRadius: 1, mb: 0.5 }}
      />
    );
  }
  const label = (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
      <InsertDriveFileOutlined fontSize="small" />
      <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
        {media.filename}
      </Typography>
    </Stack>
  );
  return media.url ? (
    <Link href={media.url} target="_blank" rel="noopener noreferrer" underline="hover" color="inherit">
      {label}
    </Link>
  ) : (
    label
  );
}
