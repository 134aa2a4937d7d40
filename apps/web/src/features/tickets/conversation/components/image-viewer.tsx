import CloseIcon from '@mui/icons-material/Close';
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';

export interface ViewedImage {
  url: string;
  name: string;
}

/** The full-size view of an image message. */
export function ImageViewer({ image, onClose }: { image: ViewedImage | null; onClose: () => void }) {
  const { t } = useTranslation('conversation');
  return (
    <Dialog open={image !== null} onClose={onClose} maxWidth={false} data-testid="image-viewer">
      <Stack direction="row" sx={{ justifyContent: 'flex-end', p: 0.5 }}>
        {image && (
          <IconButton href={image.url} download={image.name} aria-label={t('media.download')}>
            <DownloadIcon />
          </IconButton>
        )}
        <IconButton onClick={onClose} aria-label={t('media.closeViewer')}>
          <CloseIcon />
        </IconButton>
      </Stack>
      {image && (
        <Box
          component="img"
          src={image.url}
          alt={image.name}
          sx={{ display: 'block', maxWidth: '90vw', maxHeight: '82vh', objectFit: 'contain' }}
        />
      )}
    </Dialog>
  );
}
