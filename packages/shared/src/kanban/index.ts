export * from './kanban.contract.ts';
export * from './kanban.schema.ts';
