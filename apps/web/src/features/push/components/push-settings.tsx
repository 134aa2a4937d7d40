import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, notifyError } from '../../../lib/error-message.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { pushApi, pushKeys } from '../api/push-api.ts';
import { currentSubscription, deviceName, pushSupport, subscribeThisDevice } from '../model/push-device.ts';

/**
 * The profile's push section: push on this device (the browser's permission is asked only when it
 * is turned on) and the user's devices, each of which can be turned off.
 */
export function PushSettings({ userId }: { userId: number }) {
  const { t } = useTranslation('push');
  const queryClient = useQueryClient();
  const devices = useQuery({ queryKey: pushKeys.devices(userId), queryFn: () => pushApi.devices() });
  const [endpoint, setEndpoint] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const support = pushSupport();

  useEffect(() => {
    void currentSubscription().then((subscription) => setEndpoint(subscription?.endpoint ?? null));
  }, []);

  const thisDevice = devices.data?.find((device) => device.endpoint === endpoint) ?? null;
  const refresh = () => queryClient.invalidateQueries({ queryKey: pushKeys.devices(userId) });

  const handleToggle = async (isOn: boolean) => {
    setIsBusy(true);
    try {
      if (isOn) {
        const { publicKey } = await pushApi.vapidPublicKey();
        const subscription = await subscribeThisDevice(publicKey);
        if (!subscription) {
          toast.error(t('denied'));
          return;
        }
        const json = subscription.toJSON();
        await pushApi.subscribe({
          endpoint: subscription.endpoint,
          keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
          deviceName: deviceName(),
        });
        setEndpoint(subscription.endpoint);
        toast.success(t('enabled'));
      } else {
        if (thisDevice) await pushApi.remove(thisDevice.id);
        await (await currentSubscription())?.unsubscribe();
        setEndpoint(null);
      }
    } catch (error) {
      // An API refusal says why; the browser's own failures (no push service) get one plain sentence.
      toast.error(errorMessage(error) ?? t('failed'));
    } finally {
      setIsBusy(false);
      void refresh();
    }
  };

  const handleRemove = async (id: number) => {
    try {
      await pushApi.remove(id);
      if (id === thisDevice?.id) {
        await (await currentSubscription())?.unsubscribe();
        setEndpoint(null);
      }
    } catch (error) {
      notifyError(error);
    } finally {
      void refresh();
    }
  };

  return (
    <Box data-testid="push-settings">
      <Typography variant="subtitle2">{t('title')}</Typography>
      {support === 'supported' ? (
        <FormControlLabel
          control={
            <Switch
              checked={thisDevice !== null}
              disabled={isBusy || devices.isPending}
              onChange={(event) => void handleToggle(event.target.checked)}
              slotProps={{ input: { 'aria-label': t('thisDevice') } }}
              data-testid="push-this-device"
            />
          }
          label={t('thisDevice')}
          // The profile's other sections read in body2: the switch's words match them.
          slotProps={{ typography: { variant: 'body2' } }}
          sx={{ my: 0.5 }}
        />
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ py: 1 }} data-testid="push-unsupported">
          {t(support === 'denied' ? 'blocked' : 'unsupported')}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('devices')}
      </Typography>
      {devices.data && devices.data.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ py: 1 }} data-testid="push-no-devices">
          {t('noDevices')}
        </Typography>
      )}
      <List dense disablePadding>
        {devices.data?.map((device) => (
          <ListItem
            key={device.id}
            disableGutters
            data-testid="push-device"
            secondaryAction={
              <IconButton
                edge="end"
                aria-label={t('turnOff', { name: device.deviceName })}
                onClick={() => void handleRemove(device.id)}
              >
                <DeleteOutlined fontSize="small" />
              </IconButton>
            }
          >
            <ListItemText
              primary={
                device.id === thisDevice?.id ? t('thisDeviceName', { name: device.deviceName }) : device.deviceName
              }
              secondary={
                device.lastPushAt
                  ? t('lastPush', { date: formatDateTime(device.lastPushAt) })
                  : t('since', { date: formatDateTime(device.createdAt) })
              }
            />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
