export * from './fill-template.ts';
export * from './quick-message.schema.ts';
