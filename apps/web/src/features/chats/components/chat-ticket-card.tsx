import ConfirmationNumberOutlined from '@mui/icons-material/ConfirmationNumberOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ChatTicketCard as Card } from '@wacrm/shared/chats/chat.schema';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** A linked ticket: its contact and status, opened only when the reader may see it (the server decides). */
export function ChatTicketCard({ card }: { card: Card }) {
  const { t } = useTranslation('chats');
  const body = (
    <Stack direction="row" spacing={1.25} sx={{ alignItems: 'center' }}>
      <ConfirmationNumberOutlined fontSize="small" color={card.available ? 'primary' : 'disabled'} />
      {card.available ? (
        <>
          <Typography variant="body2" sx={{ fontWeight: 600, flex: 1, minWidth: 0 }} noWrap>
            {card.contact.name}
          </Typography>
          <Chip size="small" label={t(`ticketStatus.${card.status}`, { defaultValue: card.status })} />
        </>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('ticketCard.unavailable')}
        </Typography>
      )}
    </Stack>
  );
  const frame = {
    display: 'block',
    mt: 0.75,
    px: 1.25,
    py: 0.75,
    borderRadius: 1.5,
    border: 1,
    borderColor: 'divider',
    bgcolor: 'background.paper',
    color: 'text.primary',
    minWidth: 200,
  } as const;
  if (!card.available) {
    return (
      <Box sx={frame} data-testid="chat-ticket-card" data-available="false">
        {body}
      </Box>
    );
  }
  return (
    <Link
      component={RouterLink}
      to={`/tickets/${card.uuid}`}
      underline="none"
      sx={{ ...frame, '&:hover': { borderColor: 'primary.main' } }}
      data-testid="chat-ticket-card"
      data-available="true"
      aria-label={t('ticketCard.open', { name: card.contact.name })}
    >
      {body}
    </Link>
  );
}
