import type { FastifyBaseLogger } from 'fastify';
import { createProcessCache } from '../../platform/cache/process-cache.ts';
import type { NodeBus } from '../../platform/cluster/node-bus.ts';
import type { CampaignsRepository } from './campaigns.repository.ts';

/** How long a company's campaign settings read here answer without asking the database again. */
export const CAMPAIGN_SETTINGS_CACHE_MS = 60_000;

type CampaignSettings = Awaited<ReturnType<CampaignsRepository['settings']>>;

/**
 * The campaign settings (intervals, opt-out keywords, the custom variables flows fill in), which
 * every campaign message and every flow turn reads, kept per company and process
 * (platform/cache/process-cache.ts). The save forgets them once committed, and the other
 * processes are told.
 */
export function createCampaignSettingsReader(
  repository: Pick<CampaignsRepository, 'settings'>,
  options: { bus?: Pick<NodeBus, 'broadcast' | 'onBroadcast'>; log?: FastifyBaseLogger } = {},
) {
  const cache = createProcessCache<{ companyId: number; settings: CampaignSettings }>({
    ...options,
    news: 'campaign-settings-changed',
    ttlMs: CAMPAIGN_SETTINGS_CACHE_MS,
    size: 2_000,
    groupOf: (kept) => kept.companyId,
  });
  const readCompany = async (companyId: number) => ({ companyId, settings: await repository.settings(companyId) });
  return {
    async read(companyId: number): Promise<CampaignSettings> {
      const kept = await cache.get(companyId, readCompany);
      return kept?.settings ?? repository.settings(companyId);
    },
    /** The company's settings changed (after the commit). */
    forget: (companyId: number) => cache.forget(companyId),
  };
}

export type CampaignSettingsReader = ReturnType<typeof createCampaignSettingsReader>;
