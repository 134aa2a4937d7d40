import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { companyEvent } from '@wacrm/shared/realtime/events';
import type { Setting } from '@wacrm/shared/settings/settings';
import { mergeLiveChange } from '../../../lib/live-cache.ts';
import { useSocketEvent } from '../../../lib/socket-context.ts';
import { settingsApi, settingsKeys } from '../api/settings-api.ts';
import { mergeSetting } from '../model/settings-list.ts';

/**
 * Whose settings a screen edits: the session's own company (/settings), or any company by id
 * through the super user's companies admin. Both share one cache entry per company.
 */
export type SettingsScope = 'own' | 'companiesAdmin';

/** The company's settings, kept current by `company-{id}-settings` events (another admin's changes too). */
export function useSettings(companyId: number, isEnabled = true, scope: SettingsScope = 'own') {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: settingsKeys.list(companyId),
    queryFn: () => (scope === 'own' ? settingsApi.list() : settingsApi.listOf(companyId)),
    enabled: isEnabled,
  });
  // Only the own company's events reach this socket.
  useSocketEvent(isEnabled && scope === 'own' ? companyEvent(companyId, 'settings') : null, (event) => {
    const setting = event.setting as Setting | undefined;
    if (event.action !== 'update' || !setting) return;
    mergeLiveChange<Setting[]>(queryClient, settingsKeys.list(companyId), (list) => mergeSetting(list, setting));
  });
  return query;
}

/** Saves one setting at once; the list shows the new value before the server answers. */
export function useUpdateSetting(companyId: number, scope: SettingsScope = 'own') {
  const queryClient = useQueryClient();
  const key = settingsKeys.list(companyId);
  return useMutation({
    mutationFn: (setting: Setting) =>
      scope === 'own'
        ? settingsApi.update(setting.key, setting.value)
        : settingsApi.updateOf(companyId, setting.key, setting.value),
    onMutate: async (setting) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Setting[]>(key);
      queryClient.setQueryData<Setting[]>(key, (list) => (list ? mergeSetting(list, setting) : list));
      return { previous };
    },
    onError: (_error, _setting, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (saved) => queryClient.setQueryData<Setting[]>(key, (list) => (list ? mergeSetting(list, saved) : list)),
  });
}
