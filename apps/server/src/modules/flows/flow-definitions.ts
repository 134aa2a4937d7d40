import type { FastifyBaseLogger } from 'fastify';
import { createProcessCache } from '../../platform/cache/process-cache.ts';
import type { NodeBus } from '../../platform/cluster/node-bus.ts';
import type { FlowRow, FlowsRepository } from './flows.repository.ts';

/** How long a flow's definition read here answers without asking the database again. */
export const FLOW_DEFINITION_CACHE_MS = 60_000;

/**
 * The flows' definitions the runtime reads on every turn of every run, kept per process
 * (platform/cache/process-cache.ts). The service forgets a flow once its save or delete has
 * committed, and the other processes are told, so a run's next turn plays what was saved.
 */
export function createFlowDefinitions(
  repository: Pick<FlowsRepository, 'findFlowById'>,
  options: { bus?: Pick<NodeBus, 'broadcast' | 'onBroadcast'>; log?: FastifyBaseLogger } = {},
) {
  const cache = createProcessCache<FlowRow>({
    ...options,
    news: 'flow-changed',
    ttlMs: FLOW_DEFINITION_CACHE_MS,
    size: 1_000,
    groupOf: (flow) => flow.companyId,
  });
  return {
    async find(companyId: number, id: number) {
      const flow = await cache.get(id, repository.findFlowById);
      // Kept by id alone: the same id asked by another company is not its flow.
      return flow?.companyId === companyId ? flow : null;
    },
    /** The flow was saved, renamed or deleted. */
    forget: (id: number) => cache.forget(id),
  };
}
