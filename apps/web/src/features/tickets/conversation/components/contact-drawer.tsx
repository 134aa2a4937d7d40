import CloseIcon from '@mui/icons-material/Close';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatPhoneNumber } from '@wacrm/shared/common/phone-display';
import type { ContactRecord } from '@wacrm/shared/messages/message.schema';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OnceOpened } from '../../../../components/ui/lazy-dialog.tsx';
import { LazyContactModal } from '../../../contacts/index.ts';

interface ContactDrawerProps {
  open: boolean;
  contact: ContactRecord;
  onClose: () => void;
  onContactSaved: (contact: ContactRecord) => void;
  /** spec: the ticket notes on the contact. */
  notesSlot?: ReactNode;
}

/** spec "Contact side drawer": avatar, name, number as a call link, e-mail as a mail link, edit, notes, extra info. */
export function ContactDrawer({ open, contact, onClose, onContactSaved, notesSlot }: ContactDrawerProps) {
  const { t } = useTranslation('conversation');
  const [isEditing, setIsEditing] = useState(false);
  const extraInfo = contact.extraInfo ?? [];
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 360 } }, 'data-testid': 'contact-drawer' } as object }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', px: 1, py: 1, borderBottom: 1, borderColor: 'divider' }}>
        <IconButton aria-label={t('contact.close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
          {t('contact.title')}
        </Typography>
      </Stack>
      <Stack spacing={1} sx={{ alignItems: 'center', p: 3 }}>
        <Avatar
          src={contact.profilePicUrl ?? undefined}
          alt={contact.name}
          sx={{ width: 120, height: 120, fontSize: 48 }}
        >
          {contact.name.slice(0, 1).toUpperCase()}
        </Avatar>
        <Typography
          variant="h6"
          sx={{ textAlign: 'center', overflowWrap: 'anywhere' }}
          data-testid="contact-drawer-name"
        >
          {contact.name}
        </Typography>
        <Link href={`tel:${contact.number}`} data-testid="contact-drawer-number">
          {formatPhoneNumber(contact.number, contact.isGroup)}
        </Link>
        {contact.email && (
          <Link href={`mailto:${contact.email}`} sx={{ overflowWrap: 'anywhere' }} data-testid="contact-drawer-email">
            {contact.email}
          </Link>
        )}
        <Button
          startIcon={<EditOutlined />}
          variant="outlined"
          size="small"
          onClick={() => setIsEditing(true)}
          data-testid="contact-drawer-edit"
        >
          {t('contact.edit')}
        </Button>
      </Stack>
      {notesSlot && (
        <>
          <Divider />
          <Box sx={{ p: 2 }}>{notesSlot}</Box>
        </>
      )}
      <Divider />
      <Box sx={{ p: 2 }}>
        <Typography variant="subtitle2" gutterBottom>
          {t('contact.extraInfo')}
        </Typography>
        {extraInfo.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('contact.noExtraInfo')}
          </Typography>
        ) : (
          <Stack spacing={1} component="dl" sx={{ m: 0 }}>
            {extraInfo.map((info, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: names may repeat; the list is only replaced whole.
              <Box key={`${info.name}-${index}`}>
                <Typography variant="caption" color="text.secondary" component="dt">
                  {info.name}
                </Typography>
                <Typography variant="body2" component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                  {info.value}
                </Typography>
              </Box>
            ))}
          </Stack>
        )}
      </Box>
      {/* The contacts page's modal: every field of the contact (extra info too), the same schema. */}
      <OnceOpened open={isEditing}>
        <LazyContactModal
          open={isEditing}
          contactId={contact.id}
          onClose={() => setIsEditing(false)}
          onSaved={onContactSaved}
        />
      </OnceOpened>
    </Drawer>
  );
}
