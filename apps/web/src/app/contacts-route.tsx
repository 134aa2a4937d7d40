import { useSessionUser } from '../features/auth/hooks/use-auth.ts';
import { ContactsPage, type StartTicketDialogProps } from '../features/contacts/pages/contacts-page.tsx';
import { NewTicketModal } from '../features/tickets/components/new-ticket-modal.tsx';

/** "Start ticket" on a contact: the tickets feature's new-ticket dialog with the contact chosen. */
function StartTicketForContact({ open, contact, onClose }: StartTicketDialogProps) {
  const session = useSessionUser();
  return <NewTicketModal open={open} user={session} initialContact={contact} onClose={onClose} />;
}

/** /contacts: the app composes contacts with tickets' dialog, since tickets already imports contacts. */
export function ContactsRoute() {
  return <ContactsPage startTicketDialog={StartTicketForContact} />;
}
