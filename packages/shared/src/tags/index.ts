export * from './tag.contract.ts';
export * from './tag.schema.ts';
