export * from './announcement.schema.ts';
