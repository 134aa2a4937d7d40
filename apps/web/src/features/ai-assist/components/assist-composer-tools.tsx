import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type AiAssistRewriteStyle, aiAssistRewriteStyles } from '@wacrm/shared/ai-assist/ai-assist';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../auth/index.ts';
import { useAssistRun, useAssistStatus } from '../hooks/use-assist.ts';
import { AssistError, useUnavailableText } from './assist-error.tsx';

interface AssistComposerToolsProps {
  ticketId: number;
  text: string;
  onTextChange: (text: string) => void;
  isDisabled: boolean;
}

type Preview = { kind: 'rewrite' | 'translate' | 'suggest'; original: string };

/**
 * The composer's AI button: a suggested reply streamed into the composer, or a rewrite or
 * translation of its text shown as a preview to accept or discard. It never sends: the attendant
 * edits and sends as usual, and a failure here leaves the composer as it was.
 */
export function AssistComposerTools({ ticketId, text, onTextChange, isDisabled }: AssistComposerToolsProps) {
  const { t } = useTranslation('aiAssist');
  const user = useSessionUser();
  const status = useAssistStatus(user.companyId);
  const unavailableText = useUnavailableText();
  const run = useAssistRun(ticketId);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);

  const data = status.data;
  // A company that never switched the assist on sees no button at all.
  if (!data || data.reason === 'plan' || data.reason === 'disabled') return null;
  const features = new Set(data.features.filter((feature) => feature !== 'summary'));
  // The summary lives in the ticket header: with only it on, the composer has nothing to offer.
  if (data.available && features.size === 0) return null;
  const hasText = text.trim().length > 0;

  const suggest = () => {
    setPreview({ kind: 'suggest', original: text });
    void run
      .start('suggest', {}, (partial) => onTextChange(partial))
      .then((final) => {
        if (final !== null) {
          onTextChange(final);
          setPreview(null);
        }
      });
  };
  const rewrite = (style: AiAssistRewriteStyle) => {
    setPreview({ kind: 'rewrite', original: text });
    void run.start('rewrite', { text, style });
  };
  const translate = () => {
    setPreview({ kind: 'translate', original: text });
    void run.start('translate', { text, to: 'customer' });
  };
  const choose = (action: () => void) => () => {
    setAnchor(null);
    action();
  };
  const accept = () => {
    onTextChange(run.text);
    setPreview(null);
    run.reset();
  };
  const discard = () => {
    if (preview?.kind === 'suggest') onTextChange(preview.original);
    setPreview(null);
    run.reset();
  };

  const button = (
    <IconButton
      aria-label={t('composer.open')}
      disabled={isDisabled || !data.available}
      onClick={(event) => setAnchor(event.currentTarget)}
      data-testid="assist-composer"
      color={preview ? 'primary' : 'default'}
    >
      <AutoAwesomeOutlined />
    </IconButton>
  );

  return (
    <>
      <Tooltip title={data.available ? t('composer.open') : unavailableText(data.reason)}>
        <span>{button}</span>
      </Tooltip>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {features.has('suggest') && (
          <MenuItem onClick={choose(suggest)} data-testid="assist-suggest">
            {t('composer.suggest')}
          </MenuItem>
        )}
        {features.has('rewrite') && <Divider />}
        {features.has('rewrite') &&
          aiAssistRewriteStyles.map((style) => (
            <MenuItem
              key={style}
              disabled={!hasText}
              onClick={choose(() => rewrite(style))}
              data-testid={`assist-rewrite-${style}`}
            >
              {t(`composer.rewrite.${style}`)}
            </MenuItem>
          ))}
        {features.has('translate') && <Divider />}
        {features.has('translate') && (
          <MenuItem disabled={!hasText} onClick={choose(translate)} data-testid="assist-translate-reply">
            {t('composer.translate')}
          </MenuItem>
        )}
      </Menu>
      {preview && (
        <Paper
          elevation={6}
          sx={{
            position: 'absolute',
            left: 8,
            right: 8,
            bottom: '100%',
            mb: 1,
            p: 1.5,
            zIndex: 2,
            maxHeight: '50vh',
            overflow: 'auto',
          }}
          data-testid="assist-preview"
          data-kind={preview.kind}
        >
          <Stack spacing={1}>
            <Typography variant="subtitle2">{t(`composer.previewTitle.${preview.kind}`)}</Typography>
            {run.isRunning && <LinearProgress />}
            {preview.kind === 'translate' && (
              <Box
                sx={{ typography: 'body2', color: 'text.secondary', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
              >
                {preview.original}
              </Box>
            )}
            {preview.kind !== 'suggest' && (
              <Box
                sx={{
                  typography: 'body2',
                  whiteSpace: 'pre-wrap',
                  overflowWrap: 'anywhere',
                  p: 1,
                  borderRadius: 1,
                  bgcolor: 'action.hover',
                }}
                data-testid="assist-preview-text"
              >
                {run.text || ' '}
              </Box>
            )}
            <AssistError code={run.error} />
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              {run.isRunning ? (
                <Button size="small" color="warning" onClick={run.cancel} data-testid="assist-cancel">
                  {t('cancel')}
                </Button>
              ) : (
                <Button size="small" onClick={discard} data-testid="assist-discard">
                  {t('composer.discard')}
                </Button>
              )}
              <Button
                size="small"
                variant="contained"
                disabled={run.isRunning || !run.text}
                onClick={accept}
                data-testid="assist-accept"
              >
                {preview.kind === 'suggest' ? t('composer.keep') : t('composer.accept')}
              </Button>
            </Stack>
          </Stack>
        </Paper>
      )}
    </>
  );
}
