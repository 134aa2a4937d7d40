export * from './external-send.schema.ts';
export * from './public-api.contract.ts';
