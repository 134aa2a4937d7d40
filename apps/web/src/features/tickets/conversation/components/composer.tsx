import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloseIcon from '@mui/icons-material/Close';
import SendIcon from '@mui/icons-material/Send';
import ViewAgendaOutlinedIcon from '@mui/icons-material/ViewAgendaOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import type { MessageRecord } from '@wacrm/shared/messages/message.schema';
import { companyLocaleOf, renderVariables } from '@wacrm/shared/messages/message-variables';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { lazyNamed, OnceOpened } from '../../../../components/ui/lazy-dialog.tsx';
import { AssistComposerTools } from '../../../ai-assist/index.ts';
import { useSessionUser } from '../../../auth/index.ts';
import { insertAtSelection, quickMessageToComposerInput } from '../../../quick-messages/index.ts';
import { conversationApi, conversationKeys, type QuickMessage } from '../api/conversation-api.ts';
import { useSignMessage } from '../hooks/use-sign-message.ts';
import { hoursLeft, isWindowOpen, type ServiceWindow } from '../model/service-window.ts';
import { quickReplyQuery } from '../model/thread.ts';
import type { PendingFile } from './attachments-dialog.tsx';
import { AudioRecorderButton } from './audio-recorder-button.tsx';
import { EmojiButton } from './emoji-button.tsx';
import { QuickReplyList } from './quick-reply-list.tsx';
import { QuotedMessage } from './quoted-message.tsx';

// The template dialog loads the first time it opens.
const TemplateDialog = lazyNamed(() => import('./template-dialog.tsx').then((module) => module.TemplateDialog));

// The attachments dialog loads when the first files are picked.
const AttachmentsDialog = lazyNamed(() =>
  import('./attachments-dialog.tsx').then((module) => module.AttachmentsDialog),
);

/** spec: the composer shows up to 5 rows before it scrolls. */
const MAX_ROWS = 5;

interface ComposerProps {
  ticketId: number;
  /** When the ticket opened: its protocol number is that day's. */
  ticketCreatedAt: string;
  contactName: string;
  /** The ticket's connection: its templates, when it is a Cloud API one. */
  whatsappId: number | null;
  /** WhatsApp's 24-hour window (Cloud API); null for connections without one. */
  serviceWindow: ServiceWindow;
  isDisabled: boolean;
  replyTo: MessageRecord | null;
  onCancelReply: () => void;
  onSent: (messages: MessageRecord[]) => void;
}

export function Composer({
  ticketId,
  ticketCreatedAt,
  contactName,
  whatsappId,
  serviceWindow,
  isDisabled,
  replyTo,
  onCancelReply,
  onSent,
}: ComposerProps) {
  const { t } = useTranslation('conversation');
  const user = useSessionUser();
  const isWide = useMediaQuery((theme) => theme.breakpoints.up('md'));
  const [signMessage, setSignMessage] = useSignMessage();
  const [text, setText] = useState('');
  const [files, setFiles] = useState<PendingFile[]>([]);
  const [isSending, setIsSending] = useState(false);
  const [activeIndex, setActiveIndex] = useState(0);
  const [isTemplateOpen, setIsTemplateOpen] = useState(false);
  const now = useMinuteClock(serviceWindow !== null);
  // Outside the window only a template may go: the text input, files and voice notes wait.
  const isWindowClosed = !isWindowOpen(serviceWindow, now);
  const canTemplate = serviceWindow !== null && whatsappId !== null;
  const isTextDisabled = isDisabled || isWindowClosed;
  const input = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  // spec: the switch exists on wide screens only; phones always send unsigned.
  const sign = isWide && signMessage;

  const query = quickReplyQuery(text);
  const quickMessages = useQuery({
    queryKey: conversationKeys.quickMessages,
    queryFn: conversationApi.quickMessages,
    enabled: query !== null,
    staleTime: 60_000,
  });
  const suggestions: QuickMessage[] =
    query === null
      ? []
      : (quickMessages.data ?? []).filter((item) => item.shortcode.toLowerCase().includes(query)).slice(0, 20);

  const run = async (send: () => Promise<MessageRecord[]>) => {
    setIsSending(true);
    try {
      onSent(await send());
      onCancelReply();
      return true;
    } catch {
      // The http client has already shown the error.
      return false;
    } finally {
      setIsSending(false);
    }
  };

  const sendText = async () => {
    // spec: empty or whitespace-only messages are not sent.
    if (!text.trim() || isSending || isTextDisabled) return;
    const body = text;
    setText('');
    const ok = await run(async () => [
      await conversationApi.sendText({ body, signMessage: sign, quotedMsgId: replyTo?.id }, ticketId),
    ]);
    if (!ok) setText(body);
    input.current?.focus();
  };

  const sendFiles = async (list: PendingFile[]) => {
    const ok = await run(() =>
      conversationApi.sendMedia(
        { files: list.map(({ file, caption }) => ({ file, caption })), signMessage: sign, quotedMsgId: replyTo?.id },
        ticketId,
      ),
    );
    if (ok) setFiles([]);
  };

  // Variables filled for this ticket in the company's language and clock (not the agent's).
  const variableContext = () => ({
    contactName,
    ticketId,
    ticketCreatedAt: new Date(ticketCreatedAt),
    now: new Date(),
    ...companyLocaleOf(user.company.settings),
  });

  // An attachment opens the files dialog with the text as its caption.
  const pickQuickReply = (option: QuickMessage) => {
    const context = variableContext();
    void quickMessageToComposerInput(option, context).then(({ text: filled, file }) => {
      if (file) {
        setFiles([{ key: `${Date.now()}-0`, file, caption: filled }]);
        setText('');
      } else setText(filled);
      input.current?.focus();
    });
  };

  const handleKeyDown = (event: KeyboardEvent) => {
    if (suggestions.length > 0) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActiveIndex((index) => (index + step + suggestions.length) % suggestions.length);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        pickQuickReply(suggestions[Math.min(activeIndex, suggestions.length - 1)]);
        return;
      }
    }
    // spec: Enter sends, Shift+Enter starts a new line.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void sendText();
    }
  };

  // Committed and placed within the pick, like the quick-message variables (a cursor put back a
  // frame later would land behind what was typed meanwhile).
  const insertEmoji = (emoji: string) => {
    const element = input.current;
    const next = insertAtSelection(element?.value ?? text, element?.selectionStart, element?.selectionEnd, emoji);
    flushSync(() => setText(next.text));
    element?.focus();
    element?.setSelectionRange(next.cursor, next.cursor);
  };

  const addFiles = (list: FileList | null) => {
    if (!list?.length) return;
    const stamp = Date.now();
    // The typed text becomes the first file's caption, as on the phone.
    setFiles([...list].map((file, index) => ({ key: `${stamp}-${index}`, file, caption: index === 0 ? text : '' })));
    setText('');
  };

  return (
    <Box
      sx={{ position: 'relative', borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
      data-testid="composer"
    >
      <QuickReplyList options={suggestions} activeIndex={activeIndex} onPick={pickQuickReply} />
      {replyTo && (
        <Stack direction="row" spacing={1} sx={{ px: 1.5, pt: 1, alignItems: 'center' }} data-testid="composer-reply">
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <QuotedMessage quoted={replyTo} contactName={contactName} />
          </Box>
          <IconButton
            aria-label={t('composer.cancelReply')}
            onClick={onCancelReply}
            data-testid="composer-reply-cancel"
          >
            <CloseIcon />
          </IconButton>
        </Stack>
      )}
      {serviceWindow && !isDisabled && (
        <WindowNotice closesAt={serviceWindow.closesAt} now={now} onTemplate={() => setIsTemplateOpen(true)} />
      )}
      <Stack direction="row" sx={{ alignItems: 'flex-end', px: 0.5, py: 0.75, gap: 0.25 }}>
        <EmojiButton disabled={isTextDisabled} isSuppressed={files.length > 0} onPick={insertEmoji} />
        {canTemplate && (
          <Tooltip title={t('template.open')}>
            <span>
              <IconButton
                aria-label={t('template.open')}
                disabled={isDisabled}
                onClick={() => setIsTemplateOpen(true)}
                data-testid="composer-template"
              >
                <ViewAgendaOutlinedIcon />
              </IconButton>
            </span>
          </Tooltip>
        )}
        <IconButton
          aria-label={t('composer.attach')}
          disabled={isTextDisabled}
          onClick={() => fileInput.current?.click()}
          data-testid="composer-attach"
        >
          <AttachFileIcon />
        </IconButton>
        <AssistComposerTools
          ticketId={ticketId}
          text={text}
          onTextChange={setText}
          isDisabled={isTextDisabled || isSending}
        />
        <input
          ref={fileInput}
          type="file"
          multiple
          hidden
          data-testid="composer-file-input"
          onChange={(event) => {
            addFiles(event.target.files);
            event.target.value = '';
          }}
        />
        <InputBase
          inputRef={input}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setActiveIndex(0);
          }}
          onKeyDown={handleKeyDown}
          disabled={isTextDisabled}
          placeholder={
            isDisabled
              ? t('composer.disabled')
              : isWindowClosed
                ? t('composer.windowClosed')
                : t('composer.placeholder')
          }
          multiline
          maxRows={MAX_ROWS}
          inputProps={{ 'aria-label': t('composer.placeholder'), 'data-testid': 'composer-input' }}
          sx={{ flex: 1, px: 1.5, py: 1, mx: 0.5, borderRadius: 3, bgcolor: 'action.hover', alignSelf: 'center' }}
        />
        {text.trim() ? (
          <IconButton
            color="primary"
            aria-label={t('composer.send')}
            onClick={() => void sendText()}
            disabled={isTextDisabled || isSending}
            data-testid="composer-send"
          >
            <SendIcon />
          </IconButton>
        ) : (
          <AudioRecorderButton
            disabled={isTextDisabled || isSending}
            onRecorded={(file) =>
              void run(() =>
                conversationApi.sendMedia(
                  { files: [{ file, caption: '' }], signMessage: false, isVoiceNote: true },
                  ticketId,
                ),
              )
            }
          />
        )}
      </Stack>
      {isWide && (
        <FormControlLabel
          sx={{ ml: 1.5, mb: 0.5, mt: -0.5 }}
          control={
            <Switch
              size="small"
              checked={signMessage}
              onChange={(event) => setSignMessage(event.target.checked)}
              data-testid="composer-sign"
            />
          }
          label={t('composer.sign')}
          slotProps={{ typography: { variant: 'caption' } }}
        />
      )}
      {canTemplate && (
        <OnceOpened open={isTemplateOpen}>
          <TemplateDialog
            open={isTemplateOpen}
            whatsappId={whatsappId}
            isWindowClosed={isWindowClosed}
            isSending={isSending}
            fillVariables={(value) => renderVariables(value, variableContext())}
            onSend={(choice) => run(async () => [await conversationApi.sendTemplate(choice, ticketId)])}
            onClose={() => setIsTemplateOpen(false)}
          />
        </OnceOpened>
      )}
      <OnceOpened open={files.length > 0}>
        <AttachmentsDialog
          files={files}
          isSending={isSending}
          onCaptionChange={(key, caption) =>
            setFiles((list) => list.map((item) => (item.key === key ? { ...item, caption } : item)))
          }
          onRemove={(key) => setFiles((list) => list.filter((item) => item.key !== key))}
          onSend={() => void sendFiles(files)}
          onClose={() => setFiles([])}
        />
      </OnceOpened>
    </Box>
  );
}

/** Now, refreshed every minute while a window is shown (it closes by itself). */
function useMinuteClock(isActive: boolean) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!isActive) return;
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, [isActive]);
  return now;
}

/** Whether WhatsApp's 24-hour window is open, and the way out when it is not: a template. */
function WindowNotice({ closesAt, now, onTemplate }: { closesAt: Date | null; now: Date; onTemplate: () => void }) {
  const { t } = useTranslation('conversation');
  const isOpen = closesAt !== null && closesAt > now;
  return (
    <Stack
      direction="row"
      sx={{ px: 1.5, pt: 0.75, alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
      data-testid="composer-window"
      data-open={isOpen}
    >
      <Typography variant="caption" color={isOpen ? 'text.secondary' : 'warning.main'} sx={{ flex: 1, minWidth: 0 }}>
        {isOpen ? t('composer.windowOpen', { count: hoursLeft(closesAt, now) }) : t('composer.windowClosedNotice')}
      </Typography>
      {!isOpen && (
        <Button size="small" variant="outlined" onClick={onTemplate} data-testid="composer-window-template">
          {t('template.open')}
        </Button>
      )}
    </Stack>
  );
}
