export { type BaileysAdapterDeps, createBaileysAdapter } from './baileys.adapter.ts';
export { createLazyBaileysAdapter } from './lazy-baileys-adapter.ts';
