export * from './help.contract.ts';
export * from './help.schema.ts';
export * from './youtube.ts';
