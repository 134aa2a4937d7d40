import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { parseWhatsappFormat, toPlainText } from '../../tickets/index.ts';
import { type SandboxChatState, unreadCount } from '../model/sandbox-chat.ts';

interface CustomerListProps {
  state: SandboxChatState;
  selected: string | null;
  onSelect: (number: string) => void;
  onAdd: () => void;
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('') || '#';

/** The last line without WhatsApp's marks, as the phone's chat list shows it. */
const plainBody = (body: string) => (body ? toPlainText(parseWhatsappFormat(body)) : '');

/** The simulated customers, each with their last line and the company messages not yet read. */
export function CustomerList({ state, selected, onSelect, onAdd }: CustomerListProps) {
  const { t } = useTranslation('sandbox');
  return (
    <Stack sx={{ height: '100%', minHeight: 0 }}>
      <Box sx={{ p: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <Button
          fullWidth
          variant="outlined"
          startIcon={<PersonAddAlt1Outlined />}
          onClick={onAdd}
          data-testid="sandbox-add-customer"
        >
          {t('customers.add')}
        </Button>
      </Box>
      {state.customers.length === 0 ? (
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ p: 3, textAlign: 'center' }}
          data-testid="sandbox-no-customers"
        >
          {t('customers.empty')}
        </Typography>
      ) : (
        <List dense disablePadding sx={{ overflowY: 'auto', flex: 1 }} data-testid="sandbox-customers">
          {state.customers.map((customer) => {
            const messages = state.messages[customer.number] ?? [];
            const last = messages[messages.length - 1];
            const media = last?.media?.voiceNote ? `🎤 ${t('chat.voiceNote')}` : last?.media?.filename;
            const preview = last ? plainBody(last.body) || media || '' : t('customers.noMessages');
            return (
              <ListItemButton
                key={customer.number}
                selected={customer.number === selected}
                onClick={() => onSelect(customer.number)}
                data-testid="sandbox-customer"
                data-number={customer.number}
              >
                <ListItemAvatar>
                  <Badge
                    data-testid="sandbox-unread"
                    color="primary"
                    badgeContent={unreadCount(messages, state.seenOut[customer.number])}
                    overlap="circular"
                  >
                    <Avatar sx={{ bgcolor: 'primary.main', color: 'primary.contrastText' }}>
                      {initials(customer.name)}
                    </Avatar>
                  </Badge>
                </ListItemAvatar>
                <ListItemText
                  primary={customer.name}
                  secondary={preview}
                  slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
                />
              </ListItemButton>
            );
          })}
        </List>
      )}
    </Stack>
  );
}
