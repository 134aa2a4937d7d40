import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { TicketRecord } from '@wacrm/shared/messages/message.schema';
import { useTranslation } from 'react-i18next';

/** Tags shown by name; the rest fold into a "+N" chip so the line never wraps. */
const visibleTagCount = 1;

const chipSx = { height: 20, fontSize: 11, flexShrink: 0, maxWidth: 104 } as const;

/** Queue, tags, connection and attendant of one ticket, on a single line that clips instead of wrapping. */
export function TicketRowChips({ ticket }: { ticket: TicketRecord }) {
  const { t } = useTranslation('tickets');
  const shownTags = ticket.tags.slice(0, visibleTagCount);
  const hiddenTags = ticket.tags.slice(visibleTagCount);
  // Connection and attendant as plain text last: it is what gives way (with an ellipsis) on a narrow card.
  const details = [ticket.whatsapp?.name, ticket.status !== 'pending' ? ticket.user?.name : undefined]
    .filter(Boolean)
    .join(' · ');

  return (
    <Box
      data-testid="ticket-chips"
      sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flex: 1, minWidth: 0, overflow: 'hidden' }}
    >
      {ticket.queue ? (
        <Chip
          size="small"
          label={ticket.queue.name}
          title={ticket.queue.name}
          data-testid="ticket-queue"
          sx={{ ...chipSx, bgcolor: ticket.queue.color, color: '#fff', fontWeight: 600 }}
        />
      ) : (
        // Outlined so the label keeps the theme's text contrast in light and dark.
        <Chip
          size="small"
          variant="outlined"
          label={t('row.noQueue')}
          data-testid="ticket-queue"
          sx={{ ...chipSx, color: 'text.secondary', fontWeight: 600 }}
        />
      )}
      {shownTags.map((tag) => (
        <Chip
          key={tag.id}
          size="small"
          label={tag.name}
          title={tag.name}
          data-testid="ticket-tag"
          sx={{ ...chipSx, maxWidth: 84, bgcolor: tag.color, color: '#fff' }}
        />
      ))}
      {hiddenTags.length > 0 && (
        <Tooltip title={hiddenTags.map((tag) => tag.name).join(', ')}>
          <Chip
            size="small"
            variant="outlined"
            label={`+${hiddenTags.length}`}
            aria-label={t('row.moreTags', { count: hiddenTags.length })}
            data-testid="ticket-tags-more"
            sx={chipSx}
          />
        </Tooltip>
      )}
      {details && (
        <Typography
          variant="caption"
          color="text.secondary"
          noWrap
          title={details}
          data-testid="ticket-details"
          sx={{ flex: 1, minWidth: 0 }}
        >
          {details}
        </Typography>
      )}
    </Box>
  );
}
