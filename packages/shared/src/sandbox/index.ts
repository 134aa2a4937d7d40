export * from './sandbox.contract.ts';
export * from './sandbox.schema.ts';
