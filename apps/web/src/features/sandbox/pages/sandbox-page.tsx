import ForumOutlined from '@mui/icons-material/ForumOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { hasPermission } from '@wacrm/shared/auth/permissions';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { CenteredSpinner } from '../../../components/ui/centered-spinner.tsx';
import { useSessionUser } from '../../auth/index.ts';
import { useConnections } from '../../connections/index.ts';
import { AddCustomerDialog } from '../components/add-customer-dialog.tsx';
import { ChatPane } from '../components/chat-pane.tsx';
import { CustomerList } from '../components/customer-list.tsx';
import { SandboxPhoneBar } from '../components/sandbox-phone-bar.tsx';
import { useSandboxChat } from '../hooks/use-sandbox-chat.ts';

/** The sandbox page (docs/sandbox.md): pair a sandbox connection and chat as simulated customers. */
export function SandboxPage() {
  const { t } = useTranslation('sandbox');
  const user = useSessionUser();
  const whatsappId = Number(useParams().whatsappId);
  const isAdmin = hasPermission(user, 'connections-page:actionButtons');
  const connections = useConnections(user.companyId, isAdmin);
  const connection = connections.data?.find((item) => item.id === whatsappId) ?? null;
  const isConnected = connection?.status === 'CONNECTED';
  const [selected, setSelected] = useState<string | null>(null);
  const chat = useSandboxChat(whatsappId, isConnected && connection?.provider === 'sandbox', selected);
  const [isAdding, setIsAdding] = useState(false);
  const customer = chat.state.customers.find((item) => item.number === selected) ?? null;
  const shownCount = customer ? (chat.state.messages[customer.number]?.length ?? 0) : 0;
  const { markSeen } = chat;
  // The open chat is being read: its badge clears, and stays clear while new lines arrive.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again whenever a line arrives.
  useEffect(() => {
    if (customer) markSeen(customer.number);
  }, [customer, shownCount, markSeen]);

  if (!isAdmin) return <Alert severity="warning">{t('adminOnly')}</Alert>;
  if (connections.isPending) return <CenteredSpinner />;
  if (connection?.provider !== 'sandbox') {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="info" data-testid="sandbox-not-found">
          {connection ? t('notSandbox') : t('notFound')}
        </Alert>
        <Button component={RouterLink} to="/connections" variant="outlined">
          {t('back')}
        </Button>
      </Stack>
    );
  }

  return (
    // One screen high on every width (top bar and page padding off): the chat scrolls inside, its
    // composer stays in view, as on a phone (at 390 px the page used to grow with every line).
    <Stack spacing={2} sx={{ height: { xs: 'calc(100dvh - 88px)', sm: 'calc(100dvh - 112px)' } }}>
      <SandboxPhoneBar connection={connection} />
      {!isConnected && (
        <Alert severity="info" data-testid="sandbox-pair-hint">
          {connection.status === 'qrcode' ? t('pairHint') : t('startHint')}
        </Alert>
      )}
      {chat.isOutboxFailing && <Alert severity="warning">{t('outboxFailing')}</Alert>}
      <Paper
        variant="outlined"
        sx={{
          flex: 1,
          minHeight: { xs: 360, md: 0 },
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '300px minmax(0, 1fr)' },
          gridTemplateRows: 'minmax(0, 1fr)',
          overflow: 'hidden',
        }}
      >
        <Box
          sx={{
            borderRight: { md: 1 },
            borderColor: { md: 'divider' },
            minHeight: 0,
            display: { xs: customer ? 'none' : 'block', md: 'block' },
          }}
        >
          <CustomerList state={chat.state} selected={selected} onSelect={setSelected} onAdd={() => setIsAdding(true)} />
        </Box>
        <Box sx={{ minHeight: 0, display: { xs: customer ? 'block' : 'none', md: 'block' } }}>
          {customer ? (
            <ChatPane
              key={customer.number}
              customer={customer}
              messages={chat.state.messages[customer.number] ?? []}
              isConnected={isConnected}
              onBack={() => setSelected(null)}
              onRemove={() => {
                chat.removeCustomer(customer.number);
                setSelected(null);
              }}
              onSend={async (message) => {
                await chat.send(customer, message);
              }}
              onAck={(message, ack) => void chat.acknowledge(customer.number, message.id, ack).catch(() => undefined)}
              onEdit={(message, body) => chat.editMessage(customer.number, message.id, body)}
              onRevoke={(message) => chat.revokeMessage(customer.number, message.id)}
              onReact={(message, emoji) => void chat.react(customer.number, message.id, emoji).catch(() => undefined)}
            />
          ) : (
            <Stack
              spacing={1}
              sx={{ alignItems: 'center', justifyContent: 'center', height: '100%', p: 4, textAlign: 'center' }}
            >
              <ForumOutlined sx={{ fontSize: 48, color: 'text.disabled' }} />
              <Typography variant="subtitle1">{t('chat.pickTitle')}</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 380 }}>
                {t('chat.pickHint')}
              </Typography>
            </Stack>
          )}
        </Box>
      </Paper>
      <AddCustomerDialog
        open={isAdding}
        onClose={() => setIsAdding(false)}
        onAdd={(added) => {
          chat.addCustomer(added);
          setSelected(added.number.replace(/\D/g, ''));
        }}
      />
    </Stack>
  );
}
