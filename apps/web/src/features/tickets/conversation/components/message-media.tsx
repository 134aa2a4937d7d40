import BrokenImageOutlined from '@mui/icons-material/BrokenImageOutlined';
import CallIcon from '@mui/icons-material/Call';
import DownloadIcon from '@mui/icons-material/Download';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import LocationOnOutlined from '@mui/icons-material/LocationOnOutlined';
import PersonOutline from '@mui/icons-material/PersonOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MessageRecord } from '@wacrm/shared/messages/message.schema';
import { useTranslation } from 'react-i18next';
import { isMediaMissing, parseLocationBody, parseVcard } from '../model/thread.ts';

/** spec: image previews are 250 × 200. */
export const IMAGE_PREVIEW = { width: 250, height: 200 } as const;

interface MessageMediaProps {
  message: MessageRecord;
  onOpenImage: (url: string, name: string) => void;
}

const isSafeUrl = (url: string) => /^(https?:\/\/|\/)/i.test(url);

function LocationCard({ body }: { body: string }) {
  const { t } = useTranslation('conversation');
  const { link, description } = parseLocationBody(body);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }} data-testid="message-location">
      <LocationOnOutlined color="error" />
      <Box sx={{ minWidth: 0 }}>
        {description && <Typography variant="body2">{description}</Typography>}
        {isSafeUrl(link) ? (
          <Link href={link} target="_blank" rel="noopener noreferrer" variant="body2" sx={{ wordBreak: 'break-all' }}>
            {t('media.openMap')}
          </Link>
        ) : (
          <Typography variant="body2">{t('media.location')}</Typography>
        )}
      </Box>
    </Stack>
  );
}

function ContactCard({ body }: { body: string }) {
  const { t } = useTranslation('conversation');
  const { name, numbers } = parseVcard(body);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid="message-vcard">
      <PersonOutline />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {name || t('media.contact')}
        </Typography>
        {numbers.map((number) => (
          <Typography key={number} variant="caption" component="div">
            {number}
          </Typography>
        ))}
      </Box>
    </Stack>
  );
}

function MissingMedia() {
  const { t } = useTranslation('conversation');
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center', mb: 0.5, opacity: 0.75, fontStyle: 'italic' }}
      data-testid="message-media-missing"
    >
      <BrokenImageOutlined fontSize="small" />
      <Typography variant="body2">{t('media.missing')}</Typography>
    </Stack>
  );
}

/** Whether the body is shown by the media part itself (not repeated as text below it). */
export function mediaOwnsBody(mediaType: string | null): boolean {
  return (
    mediaType === 'locationMessage' ||
    mediaType === 'vcard' ||
    mediaType === 'contactMessage' ||
    mediaType === 'call_log'
  );
}

/** The media part of a bubble, by the spec's media types. */
export function MessageMedia({ message, onOpenImage }: MessageMediaProps) {
  const { t } = useTranslation('conversation');
  const url = message.mediaUrl && isSafeUrl(message.mediaUrl) ? message.mediaUrl : null;
  const name = message.mediaName || t('media.file');
  switch (message.mediaType) {
    case 'locationMessage':
      return <LocationCard body={message.body} />;
    case 'vcard':
    case 'contactMessage':
      return <ContactCard body={message.body} />;
    case 'call_log':
      return (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid="message-call">
          <CallIcon fontSize="small" color="action" />
          <Typography variant="body2">{message.body || t('media.call')}</Typography>
        </Stack>
      );
  }
  if (!url) return isMediaMissing(message) ? <MissingMedia /> : null;
  switch (message.mediaType) {
    case 'image':
      return (
        <Box
          component="button"
          type="button"
          onClick={() => onOpenImage(url, name)}
          aria-label={t('media.viewImage')}
          sx={{ p: 0, border: 0, bgcolor: 'transparent', cursor: 'zoom-in', display: 'block', mb: 0.5 }}
        >
          <Box
            component="img"
            src={url}
            alt={name}
            loading="lazy"
            data-testid="message-image"
            sx={{ ...IMAGE_PREVIEW, maxWidth: '100%', objectFit: 'cover', borderRadius: 1, display: 'block' }}
          />
        </Box>
      );
    case 'audio':
      return (
        // biome-ignore lint/a11y/useMediaCaption: customers' voice notes have no captions.
        <audio controls preload="metadata" src={url} data-testid="message-audio" style={{ maxWidth: '100%' }} />
      );
    case 'video':
      return (
        <Box
          component="video"
          controls
          preload="metadata"
          src={url}
          data-testid="message-video"
          sx={{ width: IMAGE_PREVIEW.width, maxWidth: '100%', borderRadius: 1, display: 'block', mb: 0.5 }}
        />
      );
    default:
      return (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }} data-testid="message-document">
          <InsertDriveFileOutlined color="action" />
          <Typography variant="body2" sx={{ wordBreak: 'break-all', flex: 1, minWidth: 0 }}>
            {name}
          </Typography>
          <Button
            size="small"
            href={url}
            download={name}
            target="_blank"
            rel="noopener noreferrer"
            startIcon={<DownloadIcon />}
          >
            {t('media.download')}
          </Button>
        </Stack>
      );
  }
}
