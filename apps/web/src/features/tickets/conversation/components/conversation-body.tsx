import { MESSAGE_EDIT_WINDOW_MS, type MessageRecord, type TicketRecord } from '@wacrm/shared/messages/message.schema';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog.tsx';
import { isApiError } from '../../../../lib/api-error.ts';
import { MessageTranslationsProvider } from '../../../ai-assist/index.ts';
import { useSessionUser } from '../../../auth/index.ts';
import { conversationApi } from '../api/conversation-api.ts';
import { useThread } from '../hooks/use-thread.ts';
import { splitSignature } from '../model/message-actions.ts';
import { Composer } from './composer.tsx';
import { EditMessageDialog } from './edit-message-dialog.tsx';
import { ImageViewer, type ViewedImage } from './image-viewer.tsx';
import { MessageList } from './message-list.tsx';

interface ConversationBodyProps {
  ticket: TicketRecord;
  companyId: number;
  /** The admin peek reads without marking read, replying, editing, reacting or deleting. */
  isReadOnly?: boolean;
}

/** Thread and composer of one ticket; mount it keyed by the ticket id so a new ticket starts clean. */
export function ConversationBody({ ticket, companyId, isReadOnly = false }: ConversationBodyProps) {
  const { t } = useTranslation('conversation');
  const { id: userId } = useSessionUser();
  const thread = useThread(ticket.id, companyId, { markRead: !isReadOnly });
  const [replyTo, setReplyTo] = useState<MessageRecord | null>(null);
  const [toEdit, setToEdit] = useState<MessageRecord | null>(null);
  const [toDelete, setToDelete] = useState<MessageRecord | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);
  const [image, setImage] = useState<ViewedImage | null>(null);
  const { replace } = thread;

  const handleOpenImage = useCallback((url: string, name: string) => setImage({ url, name }), []);
  const handleReact = useCallback(
    (message: MessageRecord, emoji: string) => {
      // Every open view also gets the change through the message's update event.
      conversationApi
        .reactToMessage(message.id, emoji)
        .then(replace)
        .catch(() => undefined); // Toasted by the http client.
    },
    [replace],
  );
  const editing = toEdit ? splitSignature(toEdit.body) : null;
  const handleEdit = async (text: string) => {
    if (!toEdit || !editing) return;
    try {
      replace(await conversationApi.editMessage(toEdit.id, editing.signature + text));
    } catch (error) {
      // WhatsApp did not take the edit: the bubble keeps the old text and says so (the server's
      // update event says the same; this covers a view whose event is late).
      if (!isApiError(error) || error.code !== 'ERR_EDIT_WAPP_MSG') throw error;
      replace({ ...toEdit, sendError: 'ERR_EDIT_WAPP_MSG' });
    }
  };
  const handleDelete = async () => {
    if (!toDelete) return;
    setIsDeleting(true);
    try {
      const removed = await conversationApi.deleteMessage(toDelete.id);
      // Null when the ticket itself was deleted meanwhile: its deletion event closes the conversation.
      if (removed) thread.upsert([removed]);
      setToDelete(null);
    } catch {
      // Toasted by the http client (e.g. the connection is down).
    } finally {
      setIsDeleting(false);
    }
  };

  return (
    <MessageTranslationsProvider ticketId={ticket.id}>
      <MessageList
        thread={thread}
        ticketId={ticket.id}
        contactName={ticket.contact.name}
        isGroup={ticket.isGroup}
        canAct={!isReadOnly}
        userId={userId}
        onReply={setReplyTo}
        onEdit={setToEdit}
        onDelete={setToDelete}
        onReact={handleReact}
        onOpenImage={handleOpenImage}
      />
      {!isReadOnly && (
        <Composer
          ticketId={ticket.id}
          ticketCreatedAt={ticket.createdAt}
          contactName={ticket.contact.name}
          whatsappId={ticket.whatsappId}
          serviceWindow={thread.serviceWindow}
          // spec: the composer is disabled while the ticket is not open.
          isDisabled={ticket.status !== 'open'}
          replyTo={replyTo}
          onCancelReply={() => setReplyTo(null)}
          onSent={thread.upsert}
        />
      )}
      <ImageViewer image={image} onClose={() => setImage(null)} />
      <EditMessageDialog
        body={editing?.text ?? null}
        hint={t('edit.hint', { minutes: MESSAGE_EDIT_WINDOW_MS / 60_000 })}
        onSubmit={handleEdit}
        onClose={() => setToEdit(null)}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title={t('thread.deleteTitle')}
        confirmLabel={t('thread.delete')}
        isBusy={isDeleting}
        onConfirm={() => void handleDelete()}
        onClose={() => setToDelete(null)}
      >
        {t('thread.deleteBody')}
      </ConfirmDialog>
    </MessageTranslationsProvider>
  );
}
