import CloseIcon from '@mui/icons-material/Close';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { Help } from '@wacrm/shared/helps/help.schema';
import { youtubeEmbedUrl } from '@wacrm/shared/helps/youtube';
import { useTranslation } from 'react-i18next';

interface HelpVideoDialogProps {
  help: Help | null;
  onClose: () => void;
}

/** spec: the embedded video in a modal; Escape closes it (MUI's Dialog does, and the iframe goes with it). */
export function HelpVideoDialog({ help, onClose }: HelpVideoDialogProps) {
  const { t } = useTranslation(['helps', 'common']);
  return (
    <Dialog open={help !== null} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="help-video-title">
      {help && (
        <>
          <DialogTitle id="help-video-title" sx={{ pr: 7, wordBreak: 'break-word' }}>
            {help.title}
            <IconButton
              onClick={onClose}
              aria-label={t('common:actions.close')}
              sx={{ position: 'absolute', right: 8, top: 8 }}
            >
              <CloseIcon />
            </IconButton>
          </DialogTitle>
          <DialogContent sx={{ px: { xs: 1.5, sm: 3 } }} data-testid="help-video-dialog">
            <Box
              sx={{
                position: 'relative',
                width: '100%',
                aspectRatio: '16 / 9',
                bgcolor: 'common.black',
                borderRadius: 1,
                overflow: 'hidden',
              }}
            >
              {/* Only a validated video id reaches this URL: the server stores nothing else. */}
              <Box
                component="iframe"
                src={`${youtubeEmbedUrl(help.video)}?autoplay=1&rel=0`}
                title={help.title}
                allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
                allowFullScreen
                referrerPolicy="strict-origin-when-cross-origin"
                sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
              />
            </Box>
            {help.description && (
              <Typography color="text.secondary" sx={{ mt: 2, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                {help.description}
              </Typography>
            )}
            {help.link && (
              <Button
                href={help.link}
                target="_blank"
                rel="noopener noreferrer"
                endIcon={<OpenInNew />}
                sx={{ mt: 1.5 }}
              >
                {t('helps:page.moreInfo')}
              </Button>
            )}
          </DialogContent>
        </>
      )}
    </Dialog>
  );
}
