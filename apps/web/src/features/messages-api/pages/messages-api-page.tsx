import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { apiDocsPaths } from '@wacrm/shared/api-docs/api-docs.paths';
import { externalNumberSchema } from '@wacrm/shared/public-api/external-send.schema';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast.ts';
import { type SendAttempt, sendThroughApi } from '../api/send-api.ts';

function CodeBlock({ code, testId }: { code: string; testId: string }) {
  const { t } = useTranslation('messagesApi');
  return (
    <Box sx={{ position: 'relative' }}>
      <Box
        component="pre"
        data-testid={testId}
        sx={{
          m: 0,
          p: 1.5,
          pr: 6,
          borderRadius: 1,
          bgcolor: 'action.hover',
          fontSize: 13,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
        }}
      >
        {code}
      </Box>
      <Tooltip title={t('copy')}>
        <IconButton
          aria-label={t('copy')}
          sx={{ position: 'absolute', top: 4, right: 4 }}
          onClick={() => void navigator.clipboard?.writeText(code).then(() => toast.success(t('copied')))}
        >
          <ContentCopyIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}

/**
 * /messages-api (spec: "Messages API page"): the send endpoint's text and media variants with
 * copyable curl examples, and test forms that call the real endpoint with a connection token.
 */
export function MessagesApiPage() {
  const { t } = useTranslation(['messagesApi', 'errors']);
  const [variant, setVariant] = useState<'text' | 'media'>('text');
  const [token, setToken] = useState('');
  const [number, setNumber] = useState('');
  const [body, setBody] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<SendAttempt | null>(null);
  const [busy, setBusy] = useState(false);
  const endpoint = `${window.location.origin}/api/messages/send`;

  const textCurl = `curl -X POST ${endpoint} \\
  -H "Authorization: Bearer <token>" \\
  -H "Content-Type: application/json" \\
  -H "Idempotency-Key: order-1234" \\
  -d '{"number": "5511999998888", "body": "${t('exampleText')}"}'`;
  const mediaCurl = `curl -X POST ${endpoint} \\
  -H "Authorization: Bearer <token>" \\
  -F number=5511999998888 \\
  -F "body=${t('exampleCaption')}" \\
  -F medias=@invoice.pdf`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!token.trim()) found.token = t('required');
    if (!externalNumberSchema.safeParse(number).success) found.number = t('numberHint');
    if (variant === 'text' && !body.trim()) found.body = t('required');
    if (variant === 'media' && !file) found.file = t('required');
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      setResult(await sendThroughApi({ token, number, body, file: variant === 'media' ? file : null }));
    } catch {
      setResult({ status: 0, body: { error: 'ERR_NETWORK' } });
    } finally {
      setBusy(false);
    }
  }

  const failed = result && result.status !== 201;
  const errorCode = failed && 'error' in result.body ? result.body.error : null;

  return (
    <Box sx={{ maxWidth: 960 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {t('title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('intro')}{' '}
        <Link href={apiDocsPaths.reference} target="_blank" rel="noopener">
          {t('reference')}
        </Link>
      </Typography>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Typography variant="subtitle1" component="h2">
          {t('howTitle')}
        </Typography>
        <Box component="ul" sx={{ pl: 3, my: 1, '& li': { mb: 0.5 } }}>
          <li>{t('how.token')}</li>
          <li>{t('how.number')}</li>
          <li>{t('how.ticket')}</li>
          <li>{t('how.answer')}</li>
          <li>{t('how.idempotency')}</li>
          <li>{t('how.limits')}</li>
        </Box>
      </Paper>
      <Tabs
        value={variant}
        onChange={(_e, value: 'text' | 'media') => setVariant(value)}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2 }}
      >
        <Tab value="text" label={t('textVariant')} data-testid="messages-api-text-tab" />
        <Tab value="media" label={t('mediaVariant')} data-testid="messages-api-media-tab" />
      </Tabs>
      <Stack spacing={2} direction={{ xs: 'column', md: 'row' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            {t('examplesTitle')}
          </Typography>
          <CodeBlock code={variant === 'text' ? textCurl : mediaCurl} testId={`messages-api-curl-${variant}`} />
        </Box>
        <Paper
          variant="outlined"
          component="form"
          onSubmit={submit}
          noValidate
          sx={{ flex: 1, p: 2, display: 'grid', gap: 2 }}
        >
          <Typography variant="subtitle2">{t('testTitle')}</Typography>
          <TextField
            label={t('fields.token')}
            value={token}
            onChange={(e) => setToken(e.target.value)}
            error={!!errors.token}
            helperText={errors.token ?? t('fields.tokenHint')}
            slotProps={{ htmlInput: { 'data-testid': 'messages-api-token', spellCheck: false } }}
          />
          <TextField
            label={t('fields.number')}
            value={number}
            onChange={(e) => setNumber(e.target.value)}
            error={!!errors.number}
            helperText={errors.number ?? t('numberHint')}
            slotProps={{ htmlInput: { 'data-testid': 'messages-api-number', inputMode: 'tel' } }}
          />
          <TextField
            label={variant === 'text' ? t('fields.body') : t('fields.caption')}
            value={body}
            onChange={(e) => setBody(e.target.value)}
            error={!!errors.body}
            helperText={errors.body}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { 'data-testid': 'messages-api-body' } }}
          />
          {variant === 'media' && (
            <Box>
              <Button variant="outlined" component="label">
                {file ? file.name : t('fields.file')}
                <input
                  hidden
                  type="file"
                  data-testid="messages-api-file"
                  onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                />
              </Button>
              {errors.file && (
                <Typography variant="caption" color="error" sx={{ display: 'block', mt: 0.5 }}>
                  {errors.file}
                </Typography>
              )}
            </Box>
          )}
          <Button
            type="submit"
            variant="contained"
            startIcon={<SendIcon />}
            loading={busy}
            data-testid="messages-api-send"
          >
            {t('send')}
          </Button>
          {result && (
            <Alert severity={failed ? 'error' : 'success'} data-testid="messages-api-result">
              {failed
                ? `${result.status} · ${errorCode ? t(`errors:${errorCode}`, { defaultValue: errorCode }) : ''}`
                : t('sent', {
                    status: 'status' in result.body ? t(`statuses.${result.body.status}`) : '',
                  })}
              <Box component="pre" sx={{ m: 0, mt: 1, fontSize: 12, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {JSON.stringify(result.body, null, 2)}
              </Box>
            </Alert>
          )}
        </Paper>
      </Stack>
    </Box>
  );
}
