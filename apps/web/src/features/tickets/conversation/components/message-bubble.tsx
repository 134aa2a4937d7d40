import AddReactionOutlined from '@mui/icons-material/AddReactionOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import SmartToyOutlined from '@mui/icons-material/SmartToyOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { MessageRecord } from '@wacrm/shared/messages/message.schema';
import { memo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageTranslation } from '../../../ai-assist/index.ts';
import { canReactTo, hasFailedEdit } from '../model/message-actions.ts';
import { nextReaction, ourReaction } from '../model/reactions.ts';
import { withoutAutomaticLabel } from '../model/system-message.ts';
import { formatTime } from '../model/thread.ts';
import { AckIcon } from './ack-icon.tsx';
import { DeletedMessage } from './deleted-message.tsx';
import { EditHistory } from './edit-history.tsx';
import { FormattedText } from './formatted-text.tsx';
import { MessageMedia, mediaOwnsBody } from './message-media.tsx';
import { MessageMenu } from './message-menu.tsx';
import { MessageReactions } from './message-reactions.tsx';
import { QuotedMessage } from './quoted-message.tsx';
import { ReactionPicker } from './reaction-picker.tsx';

/** spec: messages are at most 600 px wide. */
export const MESSAGE_MAX_WIDTH = 600;

interface MessageBubbleProps {
  message: MessageRecord;
  contactName: string;
  isGroup: boolean;
  /** Read-only threads (admin peek) have no menu and no reactions to give. */
  canAct: boolean;
  /** The session's user: only their own texts can be edited. */
  userId: number;
  onReply: (message: MessageRecord) => void;
  onEdit: (message: MessageRecord) => void;
  onDelete: (message: MessageRecord) => void;
  /** Sets the company's reaction; '' removes it. */
  onReact: (message: MessageRecord, emoji: string) => void;
  onOpenImage: (url: string, name: string) => void;
  onQuotedClick: (messageId: number) => void;
}

/** The body text under a media part: a file's own name is not repeated as its caption. */
function captionOf(message: MessageRecord): string {
  if (mediaOwnsBody(message.mediaType)) return '';
  if (message.mediaUrl && message.body === message.mediaName) return '';
  return withoutAutomaticLabel(message.body, message.isSystem);
}

function SystemLabel() {
  const { t } = useTranslation('conversation');
  return (
    <Tooltip title={t('thread.systemHint')}>
      <Stack
        direction="row"
        spacing={0.5}
        sx={{ alignItems: 'center', opacity: 0.75, mb: 0.25 }}
        data-testid="message-system"
      >
        <SmartToyOutlined sx={{ fontSize: 14 }} />
        <Typography variant="caption" sx={{ fontWeight: 600 }}>
          {t('thread.system')}
        </Typography>
      </Stack>
    </Tooltip>
  );
}

/** One message: left for the customer, right for the company; its reactions hang below it. */
export const MessageBubble = memo(function MessageBubble(props: MessageBubbleProps) {
  const { message, contactName, isGroup, canAct, userId, onOpenImage, onQuotedClick, onReact } = props;
  const { t } = useTranslation('conversation');
  const bubble = useRef<HTMLDivElement>(null);
  const [pickerAnchor, setPickerAnchor] = useState<HTMLElement | null>(null);
  const caption = captionOf(message);
  const author = isGroup && !message.fromMe ? (message.participantName ?? message.participant) : null;
  const canReact = canAct && canReactTo(message);
  const ours = ourReaction(message.reactions);
  const handlePick = (emoji: string) => {
    setPickerAnchor(null);
    onReact(message, nextReaction(ours, emoji));
  };
  return (
    <Stack
      sx={{
        alignItems: message.fromMe ? 'flex-end' : 'flex-start',
        px: { xs: 1, sm: 2 },
        py: 0.25,
        '&:hover .bubble-menu, &:hover .bubble-react': { opacity: 1 },
      }}
      data-testid="message"
      data-message-id={message.id}
      data-from-me={message.fromMe}
    >
      <Stack
        direction={message.fromMe ? 'row-reverse' : 'row'}
        spacing={0.5}
        sx={{ alignItems: 'center', maxWidth: { xs: '88%', md: `min(${MESSAGE_MAX_WIDTH + 40}px, 84%)` } }}
      >
        <Box
          ref={bubble}
          sx={(theme) => ({
            position: 'relative',
            minWidth: 96,
            maxWidth: '100%',
            px: 1.25,
            pt: 0.75,
            pb: 0.5,
            pr: canAct ? 3 : 1.25,
            borderRadius: 2,
            boxShadow: '0 1px 0.5px rgba(0,0,0,0.13)',
            bgcolor: message.fromMe ? (theme.palette.mode === 'dark' ? '#005c4b' : '#d9fdd3') : 'background.paper',
            color: message.fromMe && theme.palette.mode === 'light' ? '#111b21' : 'text.primary',
          })}
        >
          {canAct && !message.isDeleted && (
            <MessageMenu
              message={message}
              userId={userId}
              onReply={props.onReply}
              onEdit={props.onEdit}
              onDelete={props.onDelete}
              onReact={canReact ? () => setPickerAnchor(bubble.current) : undefined}
            />
          )}
          {message.isSystem && <SystemLabel />}
          {author && (
            <Typography variant="caption" sx={{ display: 'block', fontWeight: 600, color: 'secondary.main' }}>
              {author}
            </Typography>
          )}
          {message.quotedMsg && (
            <QuotedMessage
              quoted={message.quotedMsg}
              contactName={contactName}
              onClick={() => onQuotedClick(message.quotedMsg?.id ?? 0)}
            />
          )}
          {message.isDeleted ? (
            <DeletedMessage message={message} caption={caption} onOpenImage={onOpenImage} />
          ) : (
            <>
              <MessageMedia message={message} onOpenImage={onOpenImage} />
              {caption && (
                <Typography
                  variant="body2"
                  component="div"
                  sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                  data-testid="message-body"
                >
                  <FormattedText text={caption} />
                </Typography>
              )}
              {!message.fromMe && <MessageTranslation messageId={message.id} />}
            </>
          )}
          {hasFailedEdit(message) && (
            <Stack
              direction="row"
              spacing={0.5}
              // The lighter red reads on the dark theme's green bubble.
              sx={(theme) => ({
                alignItems: 'flex-start',
                color: theme.palette.mode === 'dark' ? 'error.light' : 'error.main',
                mt: 0.5,
              })}
              data-testid="message-edit-failed"
            >
              <ErrorOutline sx={{ fontSize: 16, mt: 0.125 }} />
              <Typography variant="caption">{t('thread.editFailed')}</Typography>
            </Stack>
          )}
          <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end', alignItems: 'center', mt: 0.25 }}>
            {message.isEdited && !message.isDeleted && <EditHistory message={message} />}
            <Typography variant="caption" sx={{ opacity: 0.7 }}>
              {formatTime(message.createdAt)}
            </Typography>
            {message.fromMe && <AckIcon message={message} />}
          </Stack>
        </Box>
        {canReact && (
          <Tooltip title={t('reactions.react')}>
            <IconButton
              size="small"
              className="bubble-react"
              aria-label={t('reactions.react')}
              onClick={() => setPickerAnchor(bubble.current)}
              data-testid="message-react-button"
              sx={{
                opacity: pickerAnchor ? 1 : 0,
                display: { xs: 'none', sm: 'inline-flex' },
                bgcolor: 'background.paper',
                boxShadow: 1,
                '&:hover': { bgcolor: 'background.paper' },
                '&:focus-visible': { opacity: 1 },
              }}
            >
              <AddReactionOutlined sx={{ fontSize: 18 }} />
            </IconButton>
          </Tooltip>
        )}
      </Stack>
      <MessageReactions
        reactions={message.reactions}
        contactName={contactName}
        onRemoveOurs={canReact ? () => onReact(message, '') : undefined}
      />
      {canReact && (
        <ReactionPicker
          anchorEl={pickerAnchor}
          current={ours}
          onPick={handlePick}
          onClose={() => setPickerAnchor(null)}
        />
      )}
    </Stack>
  );
});
