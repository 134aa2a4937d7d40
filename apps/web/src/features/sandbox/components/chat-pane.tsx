import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatPhoneNumber } from '@wacrm/shared/common/phone-display';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { EditMessageDialog } from '../../tickets/index.ts';
import type { OutgoingMessage } from '../hooks/use-sandbox-chat.ts';
import type { SandboxCustomer, SandboxMessage } from '../model/sandbox-chat.ts';
import { ChatBubble } from './chat-bubble.tsx';
import { ChatComposer } from './chat-composer.tsx';

interface ChatPaneProps {
  customer: SandboxCustomer;
  messages: SandboxMessage[];
  isConnected: boolean;
  onBack: () => void;
  onRemove: () => void;
  onSend: (message: OutgoingMessage) => Promise<void>;
  onAck: (message: SandboxMessage, ack: number) => void;
  onEdit: (message: SandboxMessage, body: string) => Promise<void>;
  onRevoke: (message: SandboxMessage) => Promise<void>;
  onReact: (message: SandboxMessage, emoji: string) => void;
}

/** The conversation of one simulated customer with the company (keyed by customer: a reply never leaks to another chat). */
export function ChatPane(props: ChatPaneProps) {
  const { customer, messages, isConnected, onBack, onRemove, onSend, onAck, onReact } = props;
  const { t } = useTranslation('sandbox');
  const [replyTo, setReplyTo] = useState<SandboxMessage | null>(null);
  const [toEdit, setToEdit] = useState<SandboxMessage | null>(null);
  const [toRevoke, setToRevoke] = useState<SandboxMessage | null>(null);
  const [isRevoking, setIsRevoking] = useState(false);
  const bottom = useRef<HTMLDivElement>(null);
  const byId = new Map(messages.map((message) => [message.id, message]));

  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls whenever a line arrives.
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [messages.length, customer.number]);

  const handleSend = async (message: OutgoingMessage) => {
    await onSend(message);
    setReplyTo(null);
  };
  const handleRevoke = async () => {
    if (!toRevoke) return;
    setIsRevoking(true);
    try {
      await props.onRevoke(toRevoke);
      setToRevoke(null);
    } catch {
      // Toasted by the http client.
    } finally {
      setIsRevoking(false);
    }
  };

  return (
    <Stack sx={{ height: '100%', minHeight: 0 }} data-testid="sandbox-chat">
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', px: 1.5, py: 1, borderBottom: 1, borderColor: 'divider' }}
      >
        <IconButton onClick={onBack} aria-label={t('chat.back')} sx={{ display: { md: 'none' } }} size="small">
          <ArrowBackIcon />
        </IconButton>
        <Stack sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle1" noWrap data-testid="sandbox-chat-name">
            {customer.name}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {formatPhoneNumber(customer.number)}
          </Typography>
        </Stack>
        <Tooltip title={t('customers.remove')}>
          <IconButton onClick={onRemove} aria-label={t('customers.remove')} size="small">
            <DeleteOutline fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
      <Box
        sx={(theme) => ({
          flex: 1,
          minHeight: 0,
          overflowY: 'auto',
          px: { xs: 1, sm: 2 },
          py: 1.5,
          bgcolor: theme.palette.mode === 'dark' ? '#0b141a' : '#efeae2',
        })}
        data-testid="sandbox-messages"
      >
        {messages.length === 0 ? (
          <Stack spacing={1} sx={{ alignItems: 'center', py: 6, textAlign: 'center', color: 'text.secondary' }}>
            <ForumOutlined sx={{ fontSize: 40 }} />
            <Typography variant="body2">{t('chat.empty')}</Typography>
          </Stack>
        ) : (
          <Stack spacing={1}>
            {messages.map((message) => (
              <ChatBubble
                key={message.id}
                message={message}
                quoted={message.quotedId ? (byId.get(message.quotedId) ?? null) : null}
                onReply={setReplyTo}
                onAck={onAck}
                onEdit={setToEdit}
                onRevoke={setToRevoke}
                onReact={onReact}
              />
            ))}
          </Stack>
        )}
        <div ref={bottom} />
      </Box>
      <ChatComposer
        replyTo={replyTo}
        isDisabled={!isConnected}
        onCancelReply={() => setReplyTo(null)}
        onSend={handleSend}
      />
      <EditMessageDialog
        body={toEdit?.body ?? null}
        onSubmit={async (body) => {
          if (toEdit) await props.onEdit(toEdit, body);
        }}
        onClose={() => setToEdit(null)}
      />
      <ConfirmDialog
        open={toRevoke !== null}
        title={t('chat.revokeTitle')}
        confirmLabel={t('chat.revoke')}
        isBusy={isRevoking}
        onConfirm={() => void handleRevoke()}
        onClose={() => setToRevoke(null)}
      >
        {t('chat.revokeBody')}
      </ConfirmDialog>
    </Stack>
  );
}
