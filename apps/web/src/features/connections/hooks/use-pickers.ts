import { useQuery } from '@tanstack/react-query';
import { connectionsApi, connectionsKeys } from '../api/connections-api.ts';

const pickerQuery = (name: 'queues' | 'prompts' | 'integrations', isEnabled: boolean) => ({
  queryKey: connectionsKeys.pickers(name),
  queryFn: connectionsApi[name],
  enabled: isEnabled,
  staleTime: 30_000,
});

/** The company's queues, prompts and integrations for the modal's pickers. */
export const useQueueOptions = (isEnabled: boolean) => useQuery(pickerQuery('queues', isEnabled));
export const usePromptOptions = (isEnabled: boolean) => useQuery(pickerQuery('prompts', isEnabled));
export const useIntegrationOptions = (isEnabled: boolean) => useQuery(pickerQuery('integrations', isEnabled));

/** Whether the server accepts sandbox connections (asked once per page load). */
export const useSandboxEnabled = () =>
  useQuery({
    queryKey: connectionsKeys.sandboxEnabled,
    queryFn: connectionsApi.isSandboxEnabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
