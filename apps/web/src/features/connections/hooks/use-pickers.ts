import { useQuery } from '@tanstack/react-query';
import { useBotPickerOptions } from '../../integrations/index.ts';
import { connectionsApi, connectionsKeys } from '../api/connections-api.ts';

/** The company's AI prompts and queue integrations (each asked only when the plan opens it). */
export const usePromptOptions = () => ({ data: useBotPickerOptions().prompts });
export const useIntegrationOptions = () => ({ data: useBotPickerOptions().integrations });

/** Whether the server accepts sandbox connections (asked once per page load). */
export const useSandboxEnabled = () =>
  useQuery({
    queryKey: connectionsKeys.sandboxEnabled,
    queryFn: connectionsApi.isSandboxEnabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
