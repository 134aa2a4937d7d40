import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import ListSubheader from '@mui/material/ListSubheader';
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
  if (features.size === 0) return null;
  const hasText = text.trim().length > 0;
  // Over budget or without a key the helpers that are on still show, disabled, under the reason:
  // the menu opens on every width, so a phone (no hover, no tooltip) reads why too.
  const offReason = data.available ? null : unavailableText(data.reason);
  const isOff = offReason !== null;

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
      disabled={isDisabled}
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
        {offReason && <MenuNote testId="assist-off-reason" text={offReason} color="warning.main" />}
        {!offReason && !hasText && (features.has('rewrite') || features.has('translate')) && (
          <MenuNote testId="assist-needs-text" text={t('composer.needsText')} color="text.secondary" />
        )}
        {features.has('suggest') && (
          <MenuItem disabled={isOff} onClick={choose(suggest)} data-testid="assist-suggest">
            {t('composer.suggest')}
          </MenuItem>
        )}
        {features.has('rewrite') && <Divider />}
        {features.has('rewrite') &&
          aiAssistRewriteStyles.map((style) => (
            <MenuItem
              key={style}
              disabled={isOff || !hasText}
              onClick={choose(() => rewrite(style))}
              data-testid={`assist-rewrite-${style}`}
            >
              {t(`composer.rewrite.${style}`)}
            </MenuItem>
          ))}
        {features.has('translate') && <Divider />}
        {features.has('translate') && (
          <MenuItem disabled={isOff || !hasText} onClick={choose(translate)} data-testid="assist-translate-reply">
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
              // Both texts, each named: what the attendant wrote, then what the customer would read.
              <Box>
                <Typography variant="caption" color="text.secondary">
                  {t('composer.yourText')}
                </Typography>
                <Box sx={{ typography: 'body2', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', px: 1 }}>
                  {preview.original}
                </Box>
              </Box>
            )}
            {preview.kind === 'translate' && (
              <Typography variant="caption" color="text.secondary">
                {t('composer.inCustomerLanguage')}
              </Typography>
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

/**
 * A line at the top of the helpers' menu saying why its entries are off. A list subheader, which
 * the menu's keyboard navigation and first focus pass over.
 */
function MenuNote({ text, color, testId }: { text: string; color: string; testId: string }) {
  return (
    <ListSubheader
      disableSticky
      sx={{ color, lineHeight: 1.45, py: 0.75, maxWidth: 300, whiteSpace: 'normal', typography: 'body2' }}
      data-testid={testId}
    >
      {text}
    </ListSubheader>
  );
}
