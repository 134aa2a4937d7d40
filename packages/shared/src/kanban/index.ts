export * from './kanban.schema.ts';
