import PauseCircleOutline from '@mui/icons-material/PauseCircleOutlined';
import PlayCircleOutline from '@mui/icons-material/PlayCircleOutlined';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../auth/index.ts';
import { usersApi, usersKeys } from '../api/users-api.ts';
import { WorkloadCount } from './workload-count.tsx';

/**
 * The header's "receiving tickets" switch (docs/decisions/fair-assignment.md): a paused attendant
 * gets no automatic assignments until they resume; the reason is shown to supervisors.
 */
export function PauseToggle() {
  const { t } = useTranslation('users');
  const session = useSessionUser();
  const queryClient = useQueryClient();
  const [isAsking, setIsAsking] = useState(false);
  const [reason, setReason] = useState('');
  const me = useQuery({ queryKey: usersKeys.me(session.id), queryFn: () => usersApi.find(session.id) });
  const change = useMutation({
    mutationFn: ({ paused, why }: { paused: boolean; why?: string }) => usersApi.pause(paused, why),
    onSuccess: (state) => {
      queryClient.setQueryData(usersKeys.me(session.id), (user: typeof me.data) => user && { ...user, ...state });
      setIsAsking(false);
      setReason('');
    },
  });
  if (!me.data) return null;
  const { paused, pauseReason } = me.data;
  const label = paused ? t('pause.resume') : t('pause.pause');

  return (
    <>
      <WorkloadCount />
      <Tooltip title={paused ? `${t('pause.paused')}${pauseReason ? `: ${pauseReason}` : ''} — ${label}` : label}>
        <IconButton
          color="inherit"
          aria-label={label}
          aria-pressed={paused}
          disabled={change.isPending}
          onClick={() => (paused ? change.mutate({ paused: false }) : setIsAsking(true))}
          data-testid="pause-toggle"
          data-paused={paused}
        >
          <Badge color="warning" variant="dot" invisible={!paused}>
            {paused ? <PlayCircleOutline /> : <PauseCircleOutline />}
          </Badge>
        </IconButton>
      </Tooltip>
      <Dialog open={isAsking} onClose={() => setIsAsking(false)} fullWidth maxWidth="xs" data-testid="pause-dialog">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            change.mutate({ paused: true, why: reason.trim() || undefined });
          }}
        >
          <DialogTitle>{t('pause.title')}</DialogTitle>
          <DialogContent>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {t('pause.body')}
            </Typography>
            <TextField
              label={t('pause.reason')}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              fullWidth
              autoFocus
              slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'pause-reason' } }}
            />
          </DialogContent>
          <DialogActions>
            <Button color="inherit" onClick={() => setIsAsking(false)}>
              {t('pause.cancel')}
            </Button>
            <Button type="submit" variant="contained" loading={change.isPending} data-testid="pause-confirm">
              {t('pause.pause')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
