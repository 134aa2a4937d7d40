import ForumOutlined from '@mui/icons-material/ForumOutlined';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQueryClient } from '@tanstack/react-query';
import type { ChatRecord } from '@wacrm/shared/chats/chat.schema';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { CenteredSpinner } from '../../../components/ui/centered-spinner.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useSessionUser } from '../../auth/index.ts';
import { chatsApi, chatsKeys } from '../api/chats-api.ts';
import { ChatConversation } from '../components/chat-conversation.tsx';
import { ChatDialog } from '../components/chat-dialog.tsx';
import { ChatList } from '../components/chat-list.tsx';
import { useChats } from '../hooks/use-chats.ts';
import { removeChat, upsertChat } from '../model/chat-cache.ts';

type NarrowTab = 'chats' | 'messages';

/** The page fills the space under the top bar (as the tickets screen). */
const pageHeight = { xs: 'calc(100dvh - 88px)', sm: 'calc(100dvh - 112px)' };

/** `/chats/:id?` (spec "Internal chat"): list and conversation side by side, two tabs on narrow screens. */
export function ChatsPage() {
  const { t } = useTranslation('chats');
  const me = useSessionUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const uuid = useParams().id ?? null;
  const isWide = useMediaQuery((theme) => theme.breakpoints.up('md'));
  const [narrowTab, setNarrowTab] = useState<NarrowTab>(uuid ? 'messages' : 'chats');
  const [dialog, setDialog] = useState<{ chat: ChatRecord | null } | null>(null);
  const [deleting, setDeleting] = useState<ChatRecord | null>(null);
  const { chats, isLoading, isError, isEnabled, isPlanLoading } = useChats();
  const selected = chats.find((chat) => chat.uuid === uuid) ?? null;

  useEffect(() => setNarrowTab(uuid ? 'messages' : 'chats'), [uuid]);

  const updateList = (change: (list: ChatRecord[]) => ChatRecord[]) =>
    queryClient.setQueryData<ChatRecord[]>(chatsKeys.list(me.companyId), (list) => (list ? change(list) : list));

  const handleDelete = async () => {
    if (!deleting) return;
    try {
      await chatsApi.remove(deleting.id);
      updateList((list) => removeChat(list, deleting.id));
      navigate('/chats');
    } catch {
      // spec: internal chat failures are silent.
    }
    setDeleting(null);
  };

  if (isPlanLoading) return <CenteredSpinner />;
  if (!isEnabled) {
    return (
      <Typography color="text.secondary" sx={{ p: 4, textAlign: 'center' }} data-testid="chats-disabled">
        {t('planDisabled')}
      </Typography>
    );
  }

  const placeholder = (
    <Box sx={{ height: '100%', display: 'grid', placeItems: 'center', p: 3, textAlign: 'center' }}>
      <Box>
        <ForumOutlined sx={{ fontSize: 56, color: 'text.disabled' }} />
        <Typography color="text.secondary" data-testid="chat-placeholder">
          {uuid && !isLoading ? t('conversation.notFound') : t('conversation.pick')}
        </Typography>
      </Box>
    </Box>
  );

  return (
    <Box sx={{ height: pageHeight, minHeight: 420, display: 'flex', flexDirection: 'column' }} data-testid="chats-page">
      {!isWide && (
        <Tabs
          value={narrowTab}
          onChange={(_event, next: NarrowTab) => setNarrowTab(next)}
          variant="fullWidth"
          sx={{ mb: 1, minHeight: 40 }}
        >
          <Tab value="chats" label={t('tabs.chats')} sx={{ minHeight: 40 }} data-testid="chats-tab-list" />
          <Tab value="messages" label={t('tabs.messages')} sx={{ minHeight: 40 }} data-testid="chats-tab-messages" />
        </Tabs>
      )}
      <Box sx={{ flex: 1, minHeight: 0, display: 'flex', gap: 2 }}>
        <Box
          sx={{
            width: isWide ? '33.333%' : '100%',
            minWidth: isWide ? 300 : 0,
            maxWidth: isWide ? 420 : 'none',
            minHeight: 0,
            display: isWide || narrowTab === 'chats' ? 'block' : 'none',
          }}
        >
          <ChatList
            chats={chats}
            myId={me.id}
            selectedUuid={uuid}
            isLoading={isLoading}
            isError={isError}
            onSelect={(chat) => navigate(`/chats/${chat.uuid}`)}
            onAdd={() => setDialog({ chat: null })}
          />
        </Box>
        <Box
          sx={{ flex: 1, minWidth: 0, minHeight: 0, display: isWide || narrowTab === 'messages' ? 'block' : 'none' }}
        >
          <Paper variant="outlined" sx={{ height: '100%', overflow: 'hidden' }}>
            {selected ? (
              <ChatConversation
                key={selected.id}
                chat={selected}
                onBack={isWide ? undefined : () => setNarrowTab('chats')}
                onEdit={() => setDialog({ chat: selected })}
                onDelete={() => setDeleting(selected)}
              />
            ) : (
              placeholder
            )}
          </Paper>
        </Box>
      </Box>
      <ChatDialog
        open={dialog !== null}
        chat={dialog?.chat ?? null}
        onClose={() => setDialog(null)}
        onSaved={(chat) => {
          updateList((list) => upsertChat(list, chat));
          navigate(`/chats/${chat.uuid}`);
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('deleteChat.title')}
        confirmLabel={t('actions.delete')}
        onConfirm={() => void handleDelete()}
        onClose={() => setDeleting(null)}
      >
        {t('deleteChat.text', { title: deleting?.title ?? '' })}
      </ConfirmDialog>
    </Box>
  );
}
