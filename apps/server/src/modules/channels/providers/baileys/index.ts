export { type BaileysAdapterDeps, createBaileysAdapter } from './baileys.adapter.ts';
