export * from './help.schema.ts';
export * from './youtube.ts';
