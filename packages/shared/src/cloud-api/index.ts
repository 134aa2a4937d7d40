export * from './cloud-api.contract.ts';
export * from './cloud-api.schema.ts';
export * from './template.contract.ts';
export * from './template.schema.ts';
export * from './template-text.ts';
