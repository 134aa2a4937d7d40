import CloseOutlined from '@mui/icons-material/CloseOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { flowsApi } from '../api/flows-api.ts';

const newTestNumber = () => `5500${Math.floor(100_000_000 + Math.random() * 899_999_999)}`;

/**
 * "Test this flow": plays the saved flow against a sandbox customer inside the page. The customer
 * writes a first message (so the ticket exists), the flow starts on that ticket, and the
 * customer's answers go through the sandbox like a real phone's.
 */
export function FlowTestPanel({ flowId, isDirty, onClose }: { flowId: number; isDirty: boolean; onClose: () => void }) {
  const { t } = useTranslation('flows');
  const connections = useQuery({ queryKey: ['flows', 'connections'], queryFn: flowsApi.connections });
  const sandboxes = (connections.data ?? []).filter((item) => item.provider === 'sandbox');
  const [whatsappId, setWhatsappId] = useState<number | ''>('');
  const chosen = whatsappId || sandboxes.find((item) => item.status === 'CONNECTED')?.id || '';
  const [number, setNumber] = useState(newTestNumber);
  const [sent, setSent] = useState<{ body: string; time: string }[]>([]);
  const [draft, setDraft] = useState('');
  const [isStarted, setStarted] = useState(false);
  const outbox = useQuery({
    queryKey: ['flows', 'test-outbox', chosen, number],
    queryFn: () => flowsApi.testOutbox(Number(chosen)),
    enabled: isStarted && chosen !== '',
    refetchInterval: 1000,
  });
  const transcript = useMemo(() => {
    const received = (outbox.data ?? [])
      .filter((entry) => entry.to === number)
      .map((entry) => ({
        key: `out-${entry.seq}`,
        fromMe: false,
        body: entry.media ? `📎 ${entry.media.filename}` : entry.body,
        time: entry.time,
      }));
    const written = sent.map((item, index) => ({ key: `in-${index}`, fromMe: true, ...item }));
    return [...received, ...written].sort((a, b) => a.time.localeCompare(b.time));
  }, [outbox.data, sent, number]);

  const say = async (body: string) => {
    setSent((current) => [...current, { body, time: new Date().toISOString() }]);
    await flowsApi.testCustomerWrites(Number(chosen), { from: number, name: t('test.customerName'), body });
  };
  // The test's throwaway customer: removed with its ticket when the panel closes (or the editor is
  // left) and before a restart, so no "test customer" stays behind in the lists and reports.
  const running = useRef<{ whatsappId: number; number: string } | null>(null);
  const endTest = useCallback(async () => {
    const test = running.current;
    running.current = null;
    if (test) await flowsApi.endTest(flowId, test).catch(() => undefined);
  }, [flowId]);
  useEffect(
    () => () => {
      void endTest();
    },
    [endTest],
  );

  const handleStart = async () => {
    if (!chosen) return;
    await endTest();
    const fresh = newTestNumber();
    running.current = { whatsappId: Number(chosen), number: fresh };
    setNumber(fresh);
    setSent([{ body: t('test.firstMessage'), time: new Date().toISOString() }]);
    await flowsApi.testCustomerWrites(Number(chosen), {
      from: fresh,
      name: t('test.customerName'),
      body: t('test.firstMessage'),
    });
    await flowsApi.startTest(flowId, { whatsappId: Number(chosen), number: fresh });
    setStarted(true);
  };
  const handleSend = async () => {
    if (!draft.trim()) return;
    const body = draft;
    setDraft('');
    await say(body);
  };

  return (
    <Paper
      variant="outlined"
      sx={{ width: { xs: '100%', md: 340 }, display: 'flex', flexDirection: 'column', minHeight: 320 }}
      data-testid="flow-test-panel"
    >
      <Stack direction="row" sx={{ alignItems: 'center', px: 1.5, py: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="subtitle1" sx={{ flex: 1 }}>
          {t('test.title')}
        </Typography>
        <IconButton size="small" onClick={onClose} aria-label={t('actions.close')} data-testid="flow-test-close">
          <CloseOutlined fontSize="small" />
        </IconButton>
      </Stack>
      <Stack spacing={1} sx={{ p: 1.5 }}>
        {sandboxes.length === 0 && <Alert severity="info">{t('test.noSandbox')}</Alert>}
        {isDirty && <Alert severity="warning">{t('test.saveFirst')}</Alert>}
        <TextField
          select
          size="small"
          label={t('test.connection')}
          value={chosen}
          onChange={(event) => setWhatsappId(Number(event.target.value))}
        >
          {sandboxes.map((item) => (
            <MenuItem key={item.id} value={item.id}>
              {item.name} ({item.status === 'CONNECTED' ? t('campaigns.online') : item.status})
            </MenuItem>
          ))}
        </TextField>
        <Button variant="contained" onClick={handleStart} disabled={!chosen} data-testid="flow-test-start">
          {isStarted ? t('test.restart') : t('test.start')}
        </Button>
        <Typography variant="caption" color="text.secondary" data-testid="flow-test-cleanup-hint">
          {t('test.cleanupHint')}
        </Typography>
      </Stack>
      <Box
        sx={{ flex: 1, overflow: 'auto', px: 1.5, display: 'flex', flexDirection: 'column', gap: 0.75, minHeight: 120 }}
        data-testid="flow-test-transcript"
      >
        {transcript.map((line) => (
          <Box
            key={line.key}
            data-testid={line.fromMe ? 'test-customer-line' : 'test-flow-line'}
            sx={{
              alignSelf: line.fromMe ? 'flex-end' : 'flex-start',
              bgcolor: line.fromMe ? 'primary.main' : 'action.selected',
              color: line.fromMe ? 'primary.contrastText' : 'text.primary',
              px: 1.25,
              py: 0.75,
              borderRadius: 2,
              maxWidth: '85%',
              whiteSpace: 'pre-wrap',
              wordBreak: 'break-word',
            }}
          >
            <Typography variant="body2">{line.body}</Typography>
          </Box>
        ))}
      </Box>
      <Stack
        direction="row"
        spacing={1}
        sx={{ p: 1.5 }}
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          void handleSend();
        }}
      >
        <TextField
          size="small"
          fullWidth
          placeholder={t('test.answer')}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          disabled={!isStarted}
          slotProps={{ htmlInput: { 'data-testid': 'flow-test-input' } }}
        />
        <IconButton type="submit" color="primary" disabled={!isStarted} aria-label={t('test.send')}>
          <SendOutlined />
        </IconButton>
      </Stack>
    </Paper>
  );
}
