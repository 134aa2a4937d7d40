export * from './plan.contract.ts';
export * from './plan.schema.ts';
export * from './plan-features.ts';
