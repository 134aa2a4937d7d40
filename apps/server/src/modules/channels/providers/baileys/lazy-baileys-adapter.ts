import type { ChannelAdapter } from '../../channel-adapter.ts';
import type { BaileysAdapterDeps } from './baileys.adapter.ts';

/**
 * The Baileys provider, loaded the first time a Baileys connection starts. The library and its
 * protocol buffers cost ~60 MB of memory, which a server with only sandbox connections (or none
 * yet) never needs (docs/performance-log.md, "What was changed").
 */
export function createLazyBaileysAdapter(deps: BaileysAdapterDeps): ChannelAdapter {
  let loaded: Promise<ChannelAdapter> | null = null;
  const adapter = () => {
    loaded ??= import('./baileys.adapter.ts').then((module) => module.createBaileysAdapter(deps));
    return loaded;
  };
  return {
    provider: 'baileys',
    start: async (connection, events) => (await adapter()).start(connection, events),
  };
}
