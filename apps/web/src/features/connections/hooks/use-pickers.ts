import { useQuery } from '@tanstack/react-query';
import { connectionsApi, connectionsKeys, type PickerOption } from '../api/connections-api.ts';

const pickerQuery = (name: 'queues', isEnabled: boolean) => ({
  queryKey: connectionsKeys.pickers(name),
  queryFn: connectionsApi[name],
  enabled: isEnabled,
  staleTime: 30_000,
});

/** The company's queues for the modal's pickers. */
export const useQueueOptions = (isEnabled: boolean) => useQuery(pickerQuery('queues', isEnabled));

const noOptions: PickerOption[] = [];
/**
 * The company's AI prompts and queue integrations. Their modules (and routes /api/prompt,
 * /api/queueIntegration) do not exist yet, so nothing is asked: the pickers show their empty hint.
 * The modules that add them list them here (gated by the plan's useOpenAi / useIntegrations).
 */
export const usePromptOptions = () => ({ data: noOptions });
export const useIntegrationOptions = () => ({ data: noOptions });

/** Whether the server accepts sandbox connections (asked once per page load). */
export const useSandboxEnabled = () =>
  useQuery({
    queryKey: connectionsKeys.sandboxEnabled,
    queryFn: connectionsApi.isSandboxEnabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
