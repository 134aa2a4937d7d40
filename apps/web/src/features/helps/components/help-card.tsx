import PlayCircleOutline from '@mui/icons-material/PlayCircleOutlineOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { Help } from '@wacrm/shared/helps/help.schema';
import { youtubeThumbnailUrl } from '@wacrm/shared/helps/youtube';

interface HelpCardProps {
  help: Help;
  onOpen: (help: Help) => void;
}

/** spec: a video card — thumbnail, title, description. */
export function HelpCard({ help, onOpen }: HelpCardProps) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }} data-testid="help-card">
      <CardActionArea
        onClick={() => onOpen(help)}
        sx={{ height: '100%', alignItems: 'stretch', display: 'flex', flexDirection: 'column' }}
      >
        <Box sx={{ position: 'relative', width: '100%', aspectRatio: '16 / 9', bgcolor: 'action.hover' }}>
          <Box
            component="img"
            src={youtubeThumbnailUrl(help.video)}
            alt=""
            loading="lazy"
            // Offline or a removed video: keep the placeholder rather than a broken image.
            onError={(event) => {
              event.currentTarget.style.visibility = 'hidden';
            }}
            sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
          />
          <PlayCircleOutline
            sx={{
              position: 'absolute',
              inset: 0,
              m: 'auto',
              fontSize: 56,
              color: 'common.white',
              filter: 'drop-shadow(0 1px 4px rgba(0,0,0,.6))',
            }}
          />
        </Box>
        <CardContent sx={{ flex: 1, width: '100%' }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
            {help.title}
          </Typography>
          {help.description && (
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{
                mt: 0.5,
                display: '-webkit-box',
                WebkitLineClamp: 3,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
                wordBreak: 'break-word',
              }}
            >
              {help.description}
            </Typography>
          )}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
