export * from './tag.schema.ts';
