import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { companyEvent } from '@wacrm/shared/realtime/events';
import { useSocketEvent } from '../../../lib/socket-context.ts';
import { useSessionUser } from '../../auth/index.ts';
import { useCompanyPlan } from '../../plans/index.ts';
import { integrationsApi, integrationsKeys } from './integrations-api.ts';

/** The company's prompts, kept current by `company-{id}-prompt`. */
export function usePrompts(isEnabled = true) {
  const { companyId } = useSessionUser();
  const queryClient = useQueryClient();
  useSocketEvent(companyEvent(companyId, 'prompt'), () => {
    queryClient.invalidateQueries({ queryKey: integrationsKeys.prompts(companyId) });
  });
  return useQuery({
    queryKey: integrationsKeys.prompts(companyId),
    queryFn: async () => (await integrationsApi.prompts()).prompts,
    enabled: isEnabled,
    staleTime: 30_000,
  });
}

/** The integrations screen's list for one search, page by page, refreshed by `company-{id}-queueIntegration`. */
export function useIntegrationPages(search: string) {
  const { companyId } = useSessionUser();
  const queryClient = useQueryClient();
  useSocketEvent(companyEvent(companyId, 'queueIntegration'), () => {
    queryClient.invalidateQueries({ queryKey: integrationsKeys.integrations(companyId) });
  });
  return useInfiniteQuery({
    queryKey: integrationsKeys.integrationPages(companyId, search),
    queryFn: ({ pageParam, signal }) => integrationsApi.integrationsPage(search, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (last.hasMore ? all.length + 1 : undefined),
  });
}

/** Pickers in the connection and queue modals: asked only when the plan opens the feature. */
export function useBotPickerOptions() {
  const { companyId } = useSessionUser();
  const { data: plan } = useCompanyPlan(companyId);
  const prompts = usePrompts(plan?.useOpenAi === true);
  const integrations = useQuery({
    queryKey: [...integrationsKeys.integrations(companyId), 'options'],
    queryFn: async () => (await integrationsApi.integrationsPage('', 1)).queueIntegrations,
    enabled: plan?.useIntegrations === true,
    staleTime: 30_000,
  });
  return {
    prompts: prompts.data?.map(({ id, name }) => ({ id, name })) ?? (plan ? [] : undefined),
    integrations:
      integrations.data?.map(({ id, name, type }) => ({ id, name: `${name} (${type})` })) ?? (plan ? [] : undefined),
  };
}
