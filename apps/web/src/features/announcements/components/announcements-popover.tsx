import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Announcement } from '@wacrm/shared/announcements/announcement.schema';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyNamed, OnceOpened } from '../../../components/ui/lazy-dialog.tsx';
import { useActiveAnnouncements } from '../hooks/use-active-announcements.ts';
import { priorityColor } from './priority.ts';

// The announcement's dialog loads when one is first opened.
const AnnouncementDetailDialog = lazyNamed(() =>
  import('./announcement-detail-dialog.tsx').then((module) => module.AnnouncementDetailDialog),
);

/** spec: the top bar's announcements popover — the active ones, for every user, live. */
export function AnnouncementsPopover() {
  const { t } = useTranslation('announcements');
  const { data: announcements = [], isError } = useActiveAnnouncements();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [selected, setSelected] = useState<Announcement | null>(null);

  const handleOpenDetail = (announcement: Announcement) => {
    setAnchor(null);
    setSelected(announcement);
  };

  return (
    <>
      <Tooltip title={t('popover.title')}>
        <IconButton
          color="inherit"
          onClick={(event) => setAnchor(event.currentTarget)}
          aria-label={t('popover.open', { count: announcements.length })}
          aria-haspopup="true"
          data-testid="announcements-button"
        >
          <Badge badgeContent={announcements.length} color="error" max={99} data-testid="announcements-badge">
            <CampaignOutlined />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 360, maxWidth: 'calc(100vw - 16px)', maxHeight: 440 } } }}
      >
        <Box sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {t('popover.title')}
          </Typography>
        </Box>
        {announcements.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }} data-testid="announcements-empty">
            {isError ? t('popover.loadError') : t('popover.empty')}
          </Typography>
        ) : (
          <List dense disablePadding data-testid="announcements-list">
            {announcements.map((announcement) => (
              <ListItemButton
                key={announcement.id}
                onClick={() => handleOpenDetail(announcement)}
                data-testid="announcement-item"
                sx={{
                  m: 0,
                  borderRadius: 0,
                  borderLeft: 4,
                  borderColor: `${priorityColor[announcement.priority]}.main`,
                  borderBottom: (theme) => `1px solid ${theme.palette.divider}`,
                }}
              >
                <ListItemText
                  primary={announcement.title}
                  secondary={announcement.text}
                  slotProps={{
                    primary: { noWrap: true, sx: { fontWeight: 600 } },
                    secondary: {
                      sx: {
                        display: '-webkit-box',
                        WebkitLineClamp: 2,
                        WebkitBoxOrient: 'vertical',
                        overflow: 'hidden',
                        wordBreak: 'break-word',
                      },
                    },
                  }}
                />
              </ListItemButton>
            ))}
          </List>
        )}
      </Popover>
      <OnceOpened open={selected !== null}>
        <AnnouncementDetailDialog announcement={selected} onClose={() => setSelected(null)} />
      </OnceOpened>
    </>
  );
}
